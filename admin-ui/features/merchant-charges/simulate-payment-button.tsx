"use client";

import { FlaskConicalIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { formatBRL } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { SimulateOwnChargePaymentDocument } from "./documents";

/**
 * Sandbox only (the page shows it when serviceInfo says so; the API refuses it otherwise):
 * pays the merchant's own PENDING charge as a payer would, so an integration can be tried
 * end to end. The page renders again: status, balance and the charge.paid event follow.
 */
export function SimulatePaymentButton({ chargeId, amount }: { chargeId: string; amount: string }) {
  const t = useTranslations("merchantCharges.simulate");
  const { run, busy } = useAction();
  const pay = () =>
    run(() => execute(SimulateOwnChargePaymentDocument, { chargeId, payerName: t("payerName") }), {
      success: t("done", { amount: formatBRL(amount) }),
      failure: t("failed"),
    });
  return (
    <Button variant="outline" disabled={busy} onClick={() => void pay()}>
      <FlaskConicalIcon aria-hidden /> {t("label")}
    </Button>
  );
}
