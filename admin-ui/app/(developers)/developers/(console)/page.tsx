import { ArrowLeftIcon, BookOpenIcon, TerminalSquareIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CopyButton } from "@/components/copy-button";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { requireViewer } from "@/lib/auth/session";
import { homeOf } from "@/lib/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("developers.home"))("metaTitle") };
}

const EXAMPLES = [
  {
    key: "readBalance",
    code: "query {\n  balance {\n    balance\n    currency\n    timestamp\n  }\n}",
  },
  {
    key: "createCharge",
    code: 'mutation {\n  createCharge(input: { amount: "150.50", description: "Pedido 42" }) {\n    id\n    status\n    pixCode\n  }\n}',
  },
  {
    key: "listPendingWithdrawals",
    code: "query {\n  withdrawals(status: PENDING, limit: 20) {\n    total\n    data { id amount queuePosition }\n  }\n}",
  },
] as const;

export default async function DevelopersPage() {
  const viewer = await requireViewer();
  const t = await getTranslations("developers.home");
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          // The way back to the viewer's own console (the sidebar has it too, behind a menu on phones).
          <Button asChild variant="outline" size="sm">
            <Link href={homeOf(viewer)}>
              <ArrowLeftIcon aria-hidden />
              {viewer.kind === "OPERATOR" ? t("backToOperations") : t("backToMerchant")}
            </Link>
          </Button>
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Link
          href="/developers/explorer"
          className="flex items-start gap-3 rounded-xl border bg-card p-5 shadow-xs hover:border-primary/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <TerminalSquareIcon className="mt-0.5 size-5 text-primary" aria-hidden />
          <span>
            <span className="block font-medium">{t("explorerTitle")}</span>
            <span className="block text-sm text-muted-foreground">{t("explorerDescription")}</span>
          </span>
        </Link>
        <Link
          href="/developers/reference"
          className="flex items-start gap-3 rounded-xl border bg-card p-5 shadow-xs hover:border-primary/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <BookOpenIcon className="mt-0.5 size-5 text-primary" aria-hidden />
          <span>
            <span className="block font-medium">{t("referenceTitle")}</span>
            <span className="block text-sm text-muted-foreground">{t("referenceDescription")}</span>
          </span>
        </Link>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <div>
              <CardTitle>{t("endpoints")}</CardTitle>
              <CardDescription>{t("endpointsDescription")}</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              <div className="flex items-center justify-between gap-3">
                <dt className="text-muted-foreground">{t("graphql")}</dt>
                <dd className="flex items-center gap-1 font-mono text-xs">
                  {/* biome-ignore lint/plugin: an HTTP method and path, the same in every language */}
                  {"POST /graphql"} <CopyButton value="/graphql" label={t("copyGraphqlPath")} />
                </dd>
              </div>
              <div className="flex items-center justify-between gap-3">
                <dt className="text-muted-foreground">{t("rest")}</dt>
                {/* biome-ignore lint/plugin: the API's paths, the same in every language */}
                <dd className="font-mono text-xs">{"/charges · /withdrawals"}</dd>
              </div>
              <div className="flex items-center justify-between gap-3">
                <dt className="text-muted-foreground">{t("money")}</dt>
                {/* biome-ignore lint/plugin: how the two APIs write an amount, code not language */}
                <dd className="font-mono text-xs">{'"10.50" (GraphQL) · 10.5 (REST)'}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
        {EXAMPLES.map((example) => (
          <Card key={example.key}>
            <CardHeader>
              <CardTitle>{t(example.key)}</CardTitle>
              <CopyButton value={example.code} label={t("copyExample", { title: t(example.key) })} />
            </CardHeader>
            <CardContent>
              <pre className="rounded-lg bg-muted p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap">
                {example.code}
              </pre>
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}
