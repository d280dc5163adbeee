import { cookies } from "next/headers";
import type * as React from "react";
import { FailingEndpointsBanner } from "@/features/webhooks/failing-endpoints-banner";
import { requireViewer } from "@/lib/auth/session";
import { homeOf, type Viewer } from "@/lib/auth/viewer";
import { execute } from "@/lib/graphql/execute";
import { AccessDenied } from "./access-denied";
import { AppShell } from "./app-shell";
import { ShellDocument } from "./documents";
import { type NavKey, SIDEBAR_COOKIE } from "./nav";

/**
 * The server-side gate and frame of one audience's pages: signs the visitor in (redirect)
 * when there is no valid session, turns away users the audience is not for, else draws the
 * shell. The API checks every operation again; this only decides what to show.
 */
export async function AudienceLayout({
  allow,
  navKey,
  children,
}: {
  allow: (viewer: Viewer) => boolean;
  /** Whose pages these are: picks the sidebar and names the audience. */
  navKey: NavKey;
  children: React.ReactNode;
}) {
  const viewer = await requireViewer();
  if (!allow(viewer)) return <AccessDenied home={homeOf(viewer)} audience={navKey} />;
  // A merchant's admins are told of endpoints disabled for failing on every page (CONTRACT §15);
  // members cannot enable one again, so they are not asked to, and their pages read nothing more.
  const failingEndpoints = navKey === "merchant" && viewer.kind === "MERCHANT" && viewer.role === "ADMIN";
  const [cookieJar, shell] = await Promise.all([cookies(), execute(ShellDocument, { failingEndpoints })]);
  const collapsed = cookieJar.get(SIDEBAR_COOKIE)?.value === "collapsed";
  const failing = shell.failingWebhookEndpoints ?? [];
  return (
    <AppShell
      navKey={navKey}
      viewer={viewer}
      defaultCollapsed={collapsed}
      sandbox={shell.serviceInfo.sandbox}
      alert={failing.length > 0 ? <FailingEndpointsBanner endpoints={failing} /> : null}
    >
      {children}
    </AppShell>
  );
}
