import type * as React from "react";
import { AudienceLayout } from "@/components/shell/audience-layout";

export default function MerchantLayout({ children }: { children: React.ReactNode }) {
  return (
    <AudienceLayout allow={(viewer) => viewer.kind === "MERCHANT"} navKey="merchant">
      {children}
    </AudienceLayout>
  );
}
