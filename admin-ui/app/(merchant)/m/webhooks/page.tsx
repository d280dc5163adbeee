import { ShieldCheckIcon } from "lucide-react";
import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AdminOnly } from "@/features/merchant/admin-only";
import { DeliveryHistory } from "@/features/webhooks/delivery-history";
import { WebhookPageDocument } from "@/features/webhooks/documents";
import { RotateSecret } from "@/features/webhooks/rotate-secret";
import { TestPing } from "@/features/webhooks/test-ping";
import { WebhookUrlForm } from "@/features/webhooks/webhook-url-form";
import { requireViewer } from "@/lib/auth/session";
import { execute, GraphQLRequestError } from "@/lib/graphql/execute";

export const metadata: Metadata = { title: "Webhooks" };

async function load() {
  try {
    return await execute(WebhookPageDocument, { limit: 30, offset: 0 });
  } catch (error) {
    if (error instanceof GraphQLRequestError && error.code === "FORBIDDEN") return null;
    throw error;
  }
}

export default async function WebhooksPage() {
  const viewer = await requireViewer();
  const data = await load();
  if (!data) return <AdminOnly title="Webhooks" />;
  // Members read the settings and the history; only admins change them (the API enforces it).
  const canManage = viewer.role === "ADMIN";
  const { webhookSettings, webhookDeliveries } = data;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Webhooks"
        description="Where we tell your system that a charge was paid or a withdrawal moved, signed with your secret."
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <div>
              <CardTitle>Endpoint</CardTitle>
              <CardDescription>One URL per account; every event is signed (HMAC-SHA256).</CardDescription>
            </div>
          </CardHeader>
          <CardContent className="grid gap-6">
            {canManage ? (
              <>
                <WebhookUrlForm current={webhookSettings.url ?? null} />
                <div className="border-t pt-4">
                  <RotateSecret hint={webhookSettings.secretHint} />
                </div>
                <div className="border-t pt-4">
                  <TestPing disabled={!webhookSettings.url} />
                </div>
              </>
            ) : (
              <div className="grid gap-3 text-sm">
                <dl className="grid gap-3">
                  <div>
                    <dt className="text-muted-foreground">Webhook URL</dt>
                    <dd className="font-mono text-xs break-all">{webhookSettings.url ?? "Not set"}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Signing secret</dt>
                    <dd className="font-mono text-xs">{webhookSettings.secretHint}</dd>
                  </div>
                </dl>
                <p className="text-muted-foreground">Only your account’s admins can change these settings.</p>
              </div>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <div className="flex items-center gap-2">
              <ShieldCheckIcon className="size-4 text-muted-foreground" aria-hidden />
              <CardTitle>Which URLs are accepted</CardTitle>
            </div>
          </CardHeader>
          <CardContent>
            <ul className="grid list-disc gap-2 pl-5 text-sm text-muted-foreground">
              <li>https:// (recommended) or http://, with no user name, password or #fragment.</li>
              <li>
                Only public internet addresses. To protect our network (SSRF), we refuse localhost, loopback
                (127.0.0.0/8, ::1), private (10/8, 172.16/12, 192.168/16), link-local (169.254/16, where cloud metadata
                lives), carrier-grade NAT, multicast and reserved ranges.
              </li>
              <li>
                A host name is checked on every delivery against each address it resolves to, so a DNS change cannot
                point it inside our network later.
              </li>
              <li>Redirects are not followed. Answer 2xx within the timeout; anything else is retried with backoff.</li>
            </ul>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <div>
            <CardTitle>Delivery history</CardTitle>
            <CardDescription>The latest 30 events, newest first, with each attempt</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <DeliveryHistory deliveries={webhookDeliveries.data} canRedeliver={canManage} />
        </CardContent>
      </Card>
    </div>
  );
}
