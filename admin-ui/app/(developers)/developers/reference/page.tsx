import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { RestReferencePage } from "@/features/rest-reference/rest-reference-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("developers.reference"))("metaTitle") };
}

export default async function ReferencePage() {
  const t = await getTranslations("developers.reference");
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("title")}
        description={t.rich("description", {
          link: (chunks) => (
            <a href="/openapi.json" className="underline underline-offset-2">
              {chunks}
            </a>
          ),
        })}
      />
      <RestReferencePage />
    </div>
  );
}
