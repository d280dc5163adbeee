import type * as React from "react";
import { AudienceLayout } from "@/components/shell/audience-layout";

export default function OperatorLayout({ children }: { children: React.ReactNode }) {
  return (
    <AudienceLayout allow={(viewer) => viewer.kind === "OPERATOR"} navKey="operator">
      {children}
    </AudienceLayout>
  );
}
