"use client";

import { LaptopIcon, LogOutIcon, MonitorSmartphoneIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { DateTime, RelativeTime } from "@/components/date-time";
import { EmptyState } from "@/components/states";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import type { MySessionsQuery } from "@/gql/graphql";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { RevokeOtherSessionsDocument, RevokeSessionDocument } from "./documents";

type Session = MySessionsQuery["mySessions"][number];

/** What to end: one session (by id) or every other one. */
type Pending = { kind: "one"; session: Session } | { kind: "others" } | null;

/**
 * The signed-in user's live sessions, this browser first: where and when each signed in and
 * was last used. Ending one signs that browser out at its next request; "end the others"
 * keeps only this one (after a lost phone or a shared computer).
 */
export function SessionsList({ sessions }: { sessions: Session[] }) {
  const t = useTranslations("account.sessions");
  const [pending, setPending] = useState<Pending>(null);
  const { run, busy } = useAction();
  const others = sessions.filter((session) => !session.current).length;
  const browserOf = (session: Session) => session.userAgent ?? t("unknownBrowser");

  const confirm = async () => {
    if (!pending) return;
    const one = pending.kind === "one" ? pending.session : null;
    await run(
      async () => {
        if (one) {
          await execute(RevokeSessionDocument, { id: one.id });
          return t("revoked");
        }
        const { revokeOtherSessions } = await execute(RevokeOtherSessionsDocument);
        return t("othersRevoked", { count: revokeOtherSessions });
      },
      { success: (message) => message, failure: t("revokeFailed"), onSuccess: () => setPending(null) },
    );
  };

  if (sessions.length === 0) {
    return (
      <Card>
        <EmptyState icon={MonitorSmartphoneIcon} title={t("empty")} />
      </Card>
    );
  }

  return (
    <>
      <Card>
        <CardContent className="flex flex-col gap-0 p-0">
          <ul aria-label={t("listLabel")} className="divide-y">
            {sessions.map((session) => (
              <li
                key={session.id}
                data-testid="session"
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 items-start gap-3">
                  <LaptopIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="flex min-w-0 flex-col gap-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="break-all text-sm font-medium">{browserOf(session)}</span>
                      {session.current && <Badge variant="success">{t("current")}</Badge>}
                    </p>
                    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
                      <dt>{t("address")}</dt>
                      <dd className="font-mono">{session.address ?? "—"}</dd>
                      <dt>{t("signedIn")}</dt>
                      <dd>
                        <DateTime value={session.createdAt} />
                      </dd>
                      <dt>{t("lastSeen")}</dt>
                      <dd>
                        <RelativeTime value={session.lastSeenAt} />
                      </dd>
                      <dt>{t("expires")}</dt>
                      <dd>
                        <DateTime value={session.expiresAt} />
                      </dd>
                    </dl>
                  </div>
                </div>
                {!session.current && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="self-start sm:self-center"
                    onClick={() => setPending({ kind: "one", session })}
                    aria-label={t("revokeWho", { browser: browserOf(session) })}
                  >
                    <LogOutIcon aria-hidden /> {t("revoke")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      {others > 0 && (
        <div>
          <Button variant="outline" onClick={() => setPending({ kind: "others" })}>
            {t("revokeOthers", { count: others })}
          </Button>
        </div>
      )}
      <AlertDialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {pending?.kind === "others" ? t("revokeOthersTitle") : t("revokeTitle")}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {pending?.kind === "one"
                ? t("revokeDescription", { browser: browserOf(pending.session) })
                : t("revokeOthersDescription", { count: others })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("keep")}</AlertDialogCancel>
            <AlertDialogAction
              onClick={(event) => {
                event.preventDefault();
                void confirm();
              }}
              disabled={busy}
            >
              {pending?.kind === "others" ? t("revokeOthersConfirm") : t("revoke")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
