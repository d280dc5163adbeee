import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ProviderStatusQuery } from "@/gql/graphql";
import { formatBRL, formatDate, formatDateTime, formatTime, saoPauloDay } from "@/lib/format";

type Status = ProviderStatusQuery["providerStatus"];
type Report = ProviderStatusQuery["reconciliationReports"][number];
type Difference = {
  kind: string;
  endToEndId?: string | null;
  txid?: string | null;
  chargeId?: string | null;
  valor?: string | null;
};

type ProviderT = ReturnType<typeof useTranslations<"provider">>;

/** The circuit breaker's state in the reader's language; an unknown state is shown as reported. */
function circuitLabel(t: ProviderT, circuit: string): string {
  const key = `circuitLabels.${circuit}` as "circuitLabels.closed";
  return t.has(key) ? t(key) : circuit;
}

/** One fact of a card; `prose` for sentences (wrapped between words), else addresses and keys (wrapped anywhere). */
function Fact({ label, children, prose }: { label: string; children: React.ReactNode; prose?: boolean }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={prose ? "break-words text-sm" : "break-all text-sm"}>{children}</dd>
    </div>
  );
}

export function ProviderStatusCards({ status }: { status: Status }) {
  const t = useTranslations("provider");
  const { efi, webhook, lastNotification, lastReconciliation } = status;
  if (!efi) {
    // The test bank: what the page shows for a real one (connection, notifications,
    // reconciliation), each saying what it means here.
    return (
      <div className="grid gap-4 lg:grid-cols-2" data-testid="provider-sandbox">
        <Card data-testid="provider-connection">
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2">
              {t("sandboxName")} <Badge variant="success">{t("sandboxConnected")}</Badge>
            </CardTitle>
            <CardDescription>{t("sandbox")}</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3">
              <Fact label={t("connection")} prose>
                {t("sandboxConnection")}
              </Fact>
            </dl>
          </CardContent>
        </Card>
        <Card data-testid="provider-webhook">
          <CardHeader>
            <CardTitle>{t("lastNotification")}</CardTitle>
            <CardDescription>{t("sandboxNotifications")}</CardDescription>
          </CardHeader>
        </Card>
        <Card className="lg:col-span-2" data-testid="provider-reconciliation">
          <CardHeader>
            <CardTitle>{t("reconciliation")}</CardTitle>
            <CardDescription>{t("sandboxReconciliation")}</CardDescription>
          </CardHeader>
        </Card>
      </div>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card data-testid="provider-connection">
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            {t("efiName")} <Badge variant="info">{efi.baseUrl}</Badge>
          </CardTitle>
          <CardDescription>{t("connection")}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact label={t("certificate")}>
              {efi.certificateSubject}{" "}
              <Badge variant={efi.certificateDaysLeft < 30 ? "warn" : "success"}>
                {formatDate(efi.certificateValidTo)} ·{" "}
                {efi.certificateDaysLeft < 0 ? t("expired") : t("expiresIn", { days: efi.certificateDaysLeft })}
              </Badge>
            </Fact>
            <Fact label={t("token")}>
              <Badge variant={efi.tokenValid ? "success" : "neutral"}>
                {efi.tokenValid ? t("tokenValid") : t("tokenMissing")}
              </Badge>{" "}
              {efi.tokenExpiresAt ? formatDateTime(efi.tokenExpiresAt) : ""}
              <span className="block text-xs text-muted-foreground">
                {t("tokenRequests", { count: efi.tokenRequests })}
              </span>
            </Fact>
            <Fact label={t("circuit")}>
              <Badge variant={efi.circuit === "closed" ? "success" : "danger"} data-testid="provider-circuit">
                {circuitLabel(t, efi.circuit)}
              </Badge>
            </Fact>
            <Fact label={t("pixKey")}>{efi.pixKey}</Fact>
            {efi.lastFailure && efi.lastFailureAt && (
              <Fact label={t("lastFailure")}>
                {formatDateTime(efi.lastFailureAt)}: {efi.lastFailure}
              </Fact>
            )}
          </dl>
        </CardContent>
      </Card>

      <Card data-testid="provider-webhook">
        <CardHeader>
          <CardTitle>{t("webhook")}</CardTitle>
          <CardDescription>
            {webhook ? (
              <Badge variant={webhook.ok ? "success" : "danger"}>
                {webhook.ok ? t("registered") : t("notRegistered")}
              </Badge>
            ) : (
              t("webhookMissing")
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3">
            {webhook && <Fact label={formatDateTime(webhook.registeredAt)}>{webhook.webhookUrl}</Fact>}
            {webhook?.error && <Fact label={t("notRegistered")}>{webhook.error}</Fact>}
            <Fact label={t("lastNotification")}>
              {lastNotification
                ? `${formatDateTime(lastNotification.receivedAt, { seconds: true })} · ${
                    lastNotification.test
                      ? t("testNotification")
                      : t("notificationSummary", {
                          payments: lastNotification.payments,
                          transfers: lastNotification.transfers,
                        })
                  }${lastNotification.failed ? ` · ${lastNotification.failed}` : ""}`
                : t("noNotification")}
            </Fact>
          </dl>
        </CardContent>
      </Card>

      <Card className="lg:col-span-2" data-testid="provider-reconciliation">
        <CardHeader>
          <CardTitle>
            {t("reconciliation")}{" "}
            {status.reconcileEverySeconds ? (
              <Badge variant="neutral">{t("every", { seconds: status.reconcileEverySeconds })}</Badge>
            ) : null}
          </CardTitle>
          <CardDescription>
            {lastReconciliation
              ? `${formatDateTime(lastReconciliation.startedAt, { seconds: true })} · ${formatDateTime(lastReconciliation.windowFrom)} → ${formatDateTime(lastReconciliation.windowTo)} · ${t("reconciliationSummary", { seen: lastReconciliation.pixSeen, credited: lastReconciliation.credited, exceptions: lastReconciliation.exceptions })}`
              : t("noReconciliation")}
          </CardDescription>
        </CardHeader>
        {lastReconciliation && (
          <CardContent className="flex flex-col gap-2">
            {lastReconciliation.error && <Badge variant="danger">{lastReconciliation.error}</Badge>}
            <Differences rows={lastReconciliation.differences} />
          </CardContent>
        )}
      </Card>
    </div>
  );
}

function Differences({ rows }: { rows: Difference[] }) {
  const t = useTranslations("provider");
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t("noDifferences")}</p>;
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t("kind")}</TableHead>
            <TableHead>{t("endToEndId")}</TableHead>
            <TableHead>{t("txid")}</TableHead>
            <TableHead className="text-right">{t("amount")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={`${row.kind}-${row.endToEndId ?? row.chargeId ?? row.txid}`}>
              <TableCell>
                <Badge variant="warn">{row.kind}</Badge>
              </TableCell>
              <TableCell className="font-mono text-xs">{row.endToEndId ?? "—"}</TableCell>
              <TableCell className="font-mono text-xs">{row.txid ?? "—"}</TableCell>
              <TableCell className="text-right tabular-nums">{row.valor ?? "—"}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

export function ReconciliationReports({ reports }: { reports: Report[] }) {
  const t = useTranslations("provider");
  // Today's report is made again every few minutes: it holds what was seen up to its time only.
  const today = saoPauloDay();
  return (
    <Card data-testid="provider-reports">
      <CardHeader>
        <CardTitle>{t("reports")}</CardTitle>
      </CardHeader>
      <CardContent>
        {reports.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("noReports")}</p>
        ) : (
          <div className="flex flex-col gap-4">
            {reports.map((report) => (
              <section key={report.day} className="flex flex-col gap-2">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium">{formatDate(`${report.day}T12:00:00Z`)}</span>
                  <span className="text-muted-foreground">
                    {report.day === today
                      ? t("partialUntil", { time: formatTime(report.generatedAt) })
                      : t("generatedAt", { when: formatDateTime(report.generatedAt) })}
                  </span>
                  <span>
                    {t("atPsp")}: {report.pspCount} · {formatBRL(report.pspSum)}
                  </span>
                  <span>
                    {t("credited")}: {report.serviceCount} · {formatBRL(report.serviceSum)}
                  </span>
                  <Badge variant={report.differences.length === 0 ? "success" : "warn"}>
                    {report.differences.length === 0
                      ? t("balanced")
                      : t("differences", { count: report.differences.length })}
                  </Badge>
                </div>
                {report.differences.length > 0 && <Differences rows={report.differences} />}
              </section>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
