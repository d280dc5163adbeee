import type { Metadata } from "next";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { explorerExamples } from "@/features/explorer/examples";
import { Explorer } from "@/features/explorer/explorer";
import { requireViewer } from "@/lib/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("developers.explorer"))("metaTitle") };
}

export default async function ExplorerPage() {
  const viewer = await requireViewer();
  const t = await getTranslations("developers");
  const format = await getFormatter();
  const examples = explorerExamples(viewer.kind);
  // Each tab opens with a comment in the reader's language saying what it does.
  const tabs = examples.map((example) => ({
    query: `# ${t(`examples.${example.key}.comment`)}\n${example.query}`,
    variables: example.variables,
  }));
  const who = viewer.email ?? viewer.name ?? "";
  const runsAs = viewer.companyName
    ? t("explorer.runsAsCompany", { who, company: viewer.companyName })
    : t("explorer.runsAsService", { who });
  const titles = format.list(examples.map((example) => t(`examples.${example.key}.title`).toLowerCase()));
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("explorer.title")} description={`${runsAs} ${t("explorer.tabs", { tabs: titles })}`} />
      <Explorer tabs={tabs} scope={`${viewer.kind}:${await getLocale()}`} />
    </div>
  );
}
