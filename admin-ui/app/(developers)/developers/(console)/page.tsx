import { BookOpenIcon, TerminalSquareIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { CopyButton } from "@/components/copy-button";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export const metadata: Metadata = { title: "Developers" };

const EXAMPLES = [
  {
    title: "Read the balance",
    code: "query {\n  balance {\n    balance\n    currency\n    timestamp\n  }\n}",
  },
  {
    title: "Create a charge of R$ 150,50",
    code: 'mutation {\n  createCharge(input: { amount: "150.50", description: "Pedido 42" }) {\n    id\n    status\n    pixCode\n  }\n}',
  },
  {
    title: "List pending withdrawals",
    code: "query {\n  withdrawals(status: PENDING, limit: 20) {\n    total\n    data { id amount queuePosition }\n  }\n}",
  },
];

export default function DevelopersPage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Developers"
        description="Every operation of the service is GraphQL at /graphql; REST routes run the same operations."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Link
          href="/developers/explorer"
          className="flex items-start gap-3 rounded-xl border bg-card p-5 shadow-xs hover:border-primary/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <TerminalSquareIcon className="mt-0.5 size-5 text-primary" aria-hidden />
          <span>
            <span className="block font-medium">GraphQL explorer</span>
            <span className="block text-sm text-muted-foreground">
              Run these operations as yourself, with the schema's docs beside them.
            </span>
          </span>
        </Link>
        <Link
          href="/developers/reference"
          className="flex items-start gap-3 rounded-xl border bg-card p-5 shadow-xs hover:border-primary/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <BookOpenIcon className="mt-0.5 size-5 text-primary" aria-hidden />
          <span>
            <span className="block font-medium">REST reference</span>
            <span className="block text-sm text-muted-foreground">
              Every REST route with its answers and error codes; try one with a client secret.
            </span>
          </span>
        </Link>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <div>
              <CardTitle>Endpoints</CardTitle>
              <CardDescription>Authenticate with Authorization: Bearer and your client secret.</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              <div className="flex items-center justify-between gap-3">
                <dt className="text-muted-foreground">GraphQL</dt>
                <dd className="flex items-center gap-1 font-mono text-xs">
                  POST /graphql <CopyButton value="/graphql" label="Copy GraphQL path" />
                </dd>
              </div>
              <div className="flex items-center justify-between gap-3">
                <dt className="text-muted-foreground">REST</dt>
                <dd className="font-mono text-xs">/charges · /withdrawals</dd>
              </div>
              <div className="flex items-center justify-between gap-3">
                <dt className="text-muted-foreground">Money</dt>
                <dd className="font-mono text-xs">"10.50" (GraphQL) · 10.5 (REST)</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
        {EXAMPLES.map((example) => (
          <Card key={example.title}>
            <CardHeader>
              <CardTitle>{example.title}</CardTitle>
              <CopyButton value={example.code} label={`Copy: ${example.title}`} />
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
