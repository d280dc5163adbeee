import type * as React from "react";
import { AudienceLayout } from "@/components/shell/audience-layout";
import { TwoFactorStepUpDialog } from "@/features/account/two-factor-step-up-dialog";

export default function OperatorLayout({ children }: { children: React.ReactNode }) {
  return (
    <AudienceLayout allow={(viewer) => viewer.kind === "OPERATOR"} navKey="operator">
      {children}
      <TwoFactorStepUpDialog />
    </AudienceLayout>
  );
}
