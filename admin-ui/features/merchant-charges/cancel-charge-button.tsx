"use client";

import { useTranslations } from "next-intl";
import { ConfirmButton } from "@/components/confirm-button";
import { toast } from "@/components/ui/toast";
import { execute } from "@/lib/graphql/execute";
import { CancelMerchantChargeDocument } from "./documents";

/** Cancels a PENDING charge: its QR code stops being payable. */
export function CancelChargeButton({ id }: { id: string }) {
  const t = useTranslations("merchantCharges.cancel");
  return (
    <ConfirmButton
      label={t("label")}
      title={t("title")}
      description={t("description")}
      failureTitle={t("failed")}
      onConfirm={async () => {
        await execute(CancelMerchantChargeDocument, { id });
        toast.success(t("done"));
      }}
    />
  );
}
