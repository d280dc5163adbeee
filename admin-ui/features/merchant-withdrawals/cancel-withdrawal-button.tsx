"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { formatBRL } from "@/lib/format";
import { errorMessage, execute } from "@/lib/graphql/execute";
import { CancelMerchantWithdrawalDocument } from "./documents";

/** Cancels a withdrawal still waiting (PENDING): the amount returns to the balance at once. */
export function CancelWithdrawalButton({ id, amount, reference }: { id: string; amount: string; reference: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      await execute(CancelMerchantWithdrawalDocument, { id, reason: "Cancelled by the merchant" });
      toast.success(`Withdrawal ${reference} cancelled`, {
        description: `${formatBRL(amount)} is back in your balance.`,
      });
      setOpen(false);
      router.refresh();
    } catch (error) {
      toast.error("Could not cancel the withdrawal", { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Cancel withdrawal
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel withdrawal {reference}?</AlertDialogTitle>
          <AlertDialogDescription>
            It leaves the queue and {formatBRL(amount)} returns to your available balance now.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction
            onClick={(event) => {
              event.preventDefault();
              void cancel();
            }}
            disabled={busy}
          >
            Cancel withdrawal
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
