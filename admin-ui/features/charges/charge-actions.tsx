"use client";

import { FlaskConicalIcon, LockIcon, UnlockIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ReasonDialog } from "@/components/confirm-dialogs";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import type { ChargeRowFragment } from "@/gql/graphql";
import { formatBRL, moneyToCentavos, netAfterRefunds } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { useAction } from "@/lib/use-action";
import { ReleaseChargeDocument, ReserveChargeDocument, SimulateChargePaymentDocument } from "./documents";

/**
 * Reserve (with a reason) or release a charge, and pay a PENDING one when the bank is the
 * sandbox (`sandbox`: serviceInfo; with a real bank the API refuses it, SANDBOX_ONLY). The page
 * renders again after each, so balance, badges and timeline show the new state.
 */
export function ChargeActions({
  charge,
  canAct,
  sandbox,
}: {
  charge: ChargeRowFragment;
  canAct: boolean;
  sandbox: boolean;
}) {
  const t = useTranslations("charges.actions");
  const describe = useErrorMessage();
  const router = useRouter();
  const [reserving, setReserving] = useState(false);
  const { run: runAction, busy } = useAction();
  if (!canAct) return null;
  const reference = `chg_${charge.id}`;
  // A hold takes what remains of a paid charge: its net less its refunds, never below zero (CONTRACT §8).
  const remainder = moneyToCentavos(netAfterRefunds(charge));
  const heldIfReserved = remainder > 0n ? remainder : 0n;

  const run = (what: () => Promise<unknown>, success: string, failure: string) => runAction(what, { success, failure });

  return (
    <>
      {/* A recurring charge is not scanned: the payer's bank debits it (simulated on its recurrence's page). */}
      {sandbox && charge.status === "PENDING" && charge.type !== "RECURRING" && (
        <Button
          variant="outline"
          disabled={busy}
          onClick={() =>
            void run(
              () => execute(SimulateChargePaymentDocument, { chargeId: charge.id, payerName: t("simulatedPayer") }),
              t("simulated", { amount: formatBRL(charge.amount) }),
              t("simulateFailed"),
            )
          }
        >
          <FlaskConicalIcon aria-hidden /> {t("simulate")}
        </Button>
      )}
      {charge.reserved ? (
        <Button
          disabled={busy}
          onClick={() =>
            void run(
              () => execute(ReleaseChargeDocument, { id: charge.id }),
              t("released", { reference }),
              t("releaseFailed"),
            )
          }
        >
          <UnlockIcon aria-hidden /> {t("release")}
        </Button>
      ) : (
        <Button variant="outline" disabled={busy} onClick={() => setReserving(true)}>
          <LockIcon aria-hidden /> {t("reserve")}
        </Button>
      )}
      <ReasonDialog
        open={reserving}
        onOpenChange={setReserving}
        title={t("reserveTitle", { reference })}
        description={
          charge.status === "PAID"
            ? t.rich("reservePaid", {
                amount: formatBRL(heldIfReserved),
                strong: (chunks) => <strong>{chunks}</strong>,
              })
            : t("reservePending")
        }
        reasonLabel={t("reason")}
        placeholder={t("reasonPlaceholder")}
        confirmLabel={t("confirmReserve")}
        destructive
        onConfirm={async (reason) => {
          try {
            await execute(ReserveChargeDocument, { id: charge.id, reason });
          } catch (error) {
            throw new Error(describe(error));
          }
          toast.success(t("reserved", { reference }));
          router.refresh();
        }}
      />
    </>
  );
}
