"use client";

import { toast } from "sonner";
import { ConfirmButton } from "@/components/confirm-button";
import { execute } from "@/lib/graphql/execute";
import { CancelMerchantChargeDocument } from "./documents";

/** Cancels a PENDING charge: its QR code stops being payable. */
export function CancelChargeButton({ id }: { id: string }) {
  return (
    <ConfirmButton
      label="Cancel charge"
      title="Cancel this charge?"
      description="Its QR code and copy-and-paste code stop working: a payer who tries gets a refusal from their bank."
      failureTitle="Could not cancel the charge"
      onConfirm={async () => {
        await execute(CancelMerchantChargeDocument, { id });
        toast.success("Charge cancelled");
      }}
    />
  );
}
