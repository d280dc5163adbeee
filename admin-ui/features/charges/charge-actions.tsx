"use client";

import { FlaskConicalIcon, LockIcon, UnlockIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { ReasonDialog } from "@/components/confirm-dialogs";
import { Button } from "@/components/ui/button";
import type { ChargeRowFragment } from "@/gql/graphql";
import { formatBRL } from "@/lib/format";
import { errorMessage, execute } from "@/lib/graphql/execute";
import { ReleaseChargeDocument, ReserveChargeDocument, SimulateChargePaymentDocument } from "./documents";

/**
 * Reserve (with a reason) or release a charge, and pay a PENDING one in the sandbox. The page
 * renders again after each, so balance, badges and timeline show the new state.
 */
export function ChargeActions({ charge, canAct }: { charge: ChargeRowFragment; canAct: boolean }) {
  const router = useRouter();
  const [reserving, setReserving] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!canAct) return null;

  const run = async (what: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(true);
    try {
      await what();
      toast.success(done);
      router.refresh();
    } catch (error) {
      toast.error(failed, { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {charge.status === "PENDING" && (
        <Button
          variant="outline"
          disabled={busy}
          onClick={() =>
            void run(
              () => execute(SimulateChargePaymentDocument, { chargeId: charge.id, payerName: "Sandbox Payer" }),
              `Sandbox payment of ${formatBRL(charge.amount)} received`,
              "Could not simulate the payment",
            )
          }
        >
          <FlaskConicalIcon aria-hidden /> Simulate payment
        </Button>
      )}
      {charge.reserved ? (
        <Button
          disabled={busy}
          onClick={() =>
            void run(
              () => execute(ReleaseChargeDocument, { id: charge.id }),
              `Released chg_${charge.id}`,
              "Could not release the charge",
            )
          }
        >
          <UnlockIcon aria-hidden /> Release
        </Button>
      ) : (
        <Button variant="outline" disabled={busy} onClick={() => setReserving(true)}>
          <LockIcon aria-hidden /> Reserve
        </Button>
      )}
      <ReasonDialog
        open={reserving}
        onOpenChange={setReserving}
        title={`Reserve chg_${charge.id}`}
        description={
          charge.status === "PAID" ? (
            <>
              <strong>{formatBRL(charge.netAmount)}</strong> leaves the company’s available balance until an operator
              releases it.
            </>
          ) : (
            <>The charge is held: when it is paid, its amount stays out of the balance until released.</>
          )
        }
        reasonLabel="Reason (kept in the audit log)"
        placeholder="e.g. Chargeback dispute opened by the payer's bank."
        confirmLabel="Reserve charge"
        destructive
        onConfirm={async (reason) => {
          try {
            await execute(ReserveChargeDocument, { id: charge.id, reason });
          } catch (error) {
            throw new Error(errorMessage(error));
          }
          toast.success(`Reserved chg_${charge.id}`);
          router.refresh();
        }}
      />
    </>
  );
}
