"use client";

import { FlaskConicalIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { formatBRL } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { SimulateOwnChargePaymentDocument } from "./documents";

/**
 * Sandbox only (the page shows it when serviceInfo says so; the API refuses it otherwise):
 * pays the merchant's own PENDING charge as a payer would, so an integration can be tried
 * end to end. The page renders again: status, balance and the charge.paid event follow.
 */
export function SimulatePaymentButton({ chargeId, amount }: { chargeId: string; amount: string }) {
  const t = useTranslations("merchantCharges.simulate");
  const describe = useErrorMessage();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    setBusy(true);
    try {
      await execute(SimulateOwnChargePaymentDocument, { chargeId, payerName: t("payerName") });
      toast.success(t("done", { amount: formatBRL(amount) }));
      router.refresh();
    } catch (error) {
      toast.error(t("failed"), { description: describe(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" disabled={busy} onClick={() => void pay()}>
      <FlaskConicalIcon aria-hidden /> {t("label")}
    </Button>
  );
}
