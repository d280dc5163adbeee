import type * as React from "react";
import { AudienceLayout } from "@/components/shell/audience-layout";

/** Integrators: any signed-in console user. */
export default function DevelopersLayout({ children }: { children: React.ReactNode }) {
  return (
    <AudienceLayout allow={() => true} navKey="developers">
      {children}
    </AudienceLayout>
  );
}
