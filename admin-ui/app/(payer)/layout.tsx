import type * as React from "react";

/**
 * The payers' pages (/pay/<token>, /l/<token>): public, in Portuguese, phone first. No console
 * shell, no session, no link into the console: a payer sees the merchant's charge and nothing
 * else (admin-ui/proxy.ts gives them no-store, noindex and their own Content-Security-Policy).
 */
export default function PayerLayout({ children }: { children: React.ReactNode }) {
  return <div className="min-h-dvh bg-muted/40">{children}</div>;
}
