import { cookies } from "next/headers";
import type * as React from "react";
import { ServiceInfoDocument } from "@/features/provider/documents";
import { requireViewer } from "@/lib/auth/session";
import { homeOf, type Viewer } from "@/lib/auth/viewer";
import { execute } from "@/lib/graphql/execute";
import { AccessDenied } from "./access-denied";
import { AppShell } from "./app-shell";
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
  const [cookieJar, { serviceInfo }] = await Promise.all([cookies(), execute(ServiceInfoDocument)]);
  const collapsed = cookieJar.get(SIDEBAR_COOKIE)?.value === "collapsed";
  return (
    <AppShell navKey={navKey} viewer={viewer} defaultCollapsed={collapsed} sandbox={serviceInfo.sandbox}>
      {children}
    </AppShell>
  );
}
