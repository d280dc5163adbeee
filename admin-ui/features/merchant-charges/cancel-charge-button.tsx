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
import { errorMessage, execute } from "@/lib/graphql/execute";
import { CancelMerchantChargeDocument } from "./documents";

/** Cancels a PENDING charge: its QR code stops being payable. */
export function CancelChargeButton({ id }: { id: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      await execute(CancelMerchantChargeDocument, { id });
      toast.success("Charge cancelled");
      setOpen(false);
      router.refresh();
    } catch (error) {
      toast.error("Could not cancel the charge", { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Cancel charge
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel this charge?</AlertDialogTitle>
          <AlertDialogDescription>
            Its QR code and copy-and-paste code stop working: a payer who tries gets a refusal from their bank.
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
            Cancel charge
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
