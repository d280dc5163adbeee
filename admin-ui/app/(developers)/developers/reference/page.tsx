import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { RestReferencePage } from "@/features/rest-reference/rest-reference-page";

export const metadata: Metadata = { title: "REST reference" };

export default function ReferencePage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="REST reference"
        description={
          <>
            Every REST route, generated from the same route table that serves them:{" "}
            <a href="/openapi.json" className="underline underline-offset-2">
              /openapi.json
            </a>{" "}
            (OpenAPI 3.1).
          </>
        }
      />
      <RestReferencePage />
    </div>
  );
}
