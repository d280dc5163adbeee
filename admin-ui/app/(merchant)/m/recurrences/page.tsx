import { PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { toLimitOffset } from "@/components/data-table/search-params";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { LiveUpdates } from "@/features/live/live-updates";
import { RecurrencesDocument } from "@/features/recurrences/documents";
import { RecurrencesTable } from "@/features/recurrences/recurrences-table";
import { loadRecurrenceParams } from "@/features/recurrences/search-params";
import { execute } from "@/lib/graphql/execute";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("recurrences.list"))("metaTitle") };
}

export default async function RecurrencesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { page, perPage, status } = await loadRecurrenceParams(searchParams);
  const [{ recurrences }, t] = await Promise.all([
    execute(RecurrencesDocument, { status, ...toLimitOffset(page, perPage) }),
    getTranslations("recurrences.list"),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <LiveUpdates topics={["recurrence"]} />
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Button asChild>
            <Link href="/m/recurrences/new">
              <PlusIcon aria-hidden /> {t("new")}
            </Link>
          </Button>
        }
      />
      <RecurrencesTable
        rows={recurrences.data}
        total={recurrences.total}
        totalCapped={recurrences.totalCapped}
        page={page}
        perPage={perPage}
        status={status}
        basePath="/m/recurrences"
      />
    </div>
  );
}
