import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ProviderStatusQuery } from "@/gql/graphql";
import { formatBRL, formatDate, formatDateTime } from "@/lib/format";
import { PROVIDER_STRINGS as S } from "./strings";

type Status = ProviderStatusQuery["providerStatus"];
type Report = ProviderStatusQuery["reconciliationReports"][number];
type Difference = {
  kind: string;
  endToEndId?: string | null;
  txid?: string | null;
  chargeId?: string | null;
  valor?: string | null;
};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-all text-sm">{children}</dd>
    </div>
  );
}

export function ProviderStatusCards({ status }: { status: Status }) {
  const { efi, webhook, lastNotification, lastReconciliation } = status;
  if (!efi) {
    return (
      <Card data-testid="provider-sandbox">
        <CardHeader>
          <CardTitle>
            sandbox <Badge variant="neutral">PIX_PROVIDER=sandbox</Badge>
          </CardTitle>
          <CardDescription>{S.sandbox}</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card data-testid="provider-connection">
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            Efí Pay <Badge variant="info">{efi.baseUrl}</Badge>
          </CardTitle>
          <CardDescription>{S.connection}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact label={S.certificate}>
              {efi.certificateSubject}{" "}
              <Badge variant={efi.certificateDaysLeft < 30 ? "warn" : "success"}>
                {formatDate(efi.certificateValidTo)} · {S.expiresIn(efi.certificateDaysLeft)}
              </Badge>
            </Fact>
            <Fact label={S.token}>
              <Badge variant={efi.tokenValid ? "success" : "neutral"}>
                {efi.tokenValid ? S.tokenValid : S.tokenMissing}
              </Badge>{" "}
              {efi.tokenExpiresAt ? formatDateTime(efi.tokenExpiresAt) : ""}
              <span className="block text-xs text-muted-foreground">{S.tokenRequests(efi.tokenRequests)}</span>
            </Fact>
            <Fact label={S.circuit}>
              <Badge variant={efi.circuit === "closed" ? "success" : "danger"} data-testid="provider-circuit">
                {S.circuitLabels[efi.circuit] ?? efi.circuit}
              </Badge>
            </Fact>
            <Fact label="EFI_PIX_KEY">{efi.pixKey}</Fact>
            {efi.lastFailure && efi.lastFailureAt && (
              <Fact label={S.lastFailure}>
                {formatDateTime(efi.lastFailureAt)}: {efi.lastFailure}
              </Fact>
            )}
          </dl>
        </CardContent>
      </Card>

      <Card data-testid="provider-webhook">
        <CardHeader>
          <CardTitle>{S.webhook}</CardTitle>
          <CardDescription>
            {webhook ? (
              <Badge variant={webhook.ok ? "success" : "danger"}>{webhook.ok ? S.registered : S.notRegistered}</Badge>
            ) : (
              S.webhookMissing
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3">
            {webhook && <Fact label={formatDateTime(webhook.registeredAt)}>{webhook.webhookUrl}</Fact>}
            {webhook?.error && <Fact label={S.notRegistered}>{webhook.error}</Fact>}
            <Fact label={S.lastNotification}>
              {lastNotification
                ? `${formatDateTime(lastNotification.receivedAt, { seconds: true })} · ${S.notificationSummary(
                    lastNotification.payments,
                    lastNotification.transfers,
                    lastNotification.test,
                  )}${lastNotification.failed ? ` · ${lastNotification.failed}` : ""}`
                : S.noNotification}
            </Fact>
          </dl>
        </CardContent>
      </Card>

      <Card className="lg:col-span-2" data-testid="provider-reconciliation">
        <CardHeader>
          <CardTitle>
            {S.reconciliation}{" "}
            {status.reconcileEverySeconds ? (
              <Badge variant="neutral">{S.every(status.reconcileEverySeconds)}</Badge>
            ) : null}
          </CardTitle>
          <CardDescription>
            {lastReconciliation
              ? `${formatDateTime(lastReconciliation.startedAt, { seconds: true })} · ${formatDateTime(lastReconciliation.windowFrom)} → ${formatDateTime(lastReconciliation.windowTo)} · ${S.reconciliationSummary(lastReconciliation.pixSeen, lastReconciliation.credited, lastReconciliation.exceptions)}`
              : S.noReconciliation}
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
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{S.noDifferences}</p>;
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{S.kind}</TableHead>
            <TableHead>{S.endToEndId}</TableHead>
            <TableHead>txid</TableHead>
            <TableHead className="text-right">{S.amount}</TableHead>
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
  return (
    <Card data-testid="provider-reports">
      <CardHeader>
        <CardTitle>{S.reports}</CardTitle>
      </CardHeader>
      <CardContent>
        {reports.length === 0 ? (
          <p className="text-sm text-muted-foreground">{S.noReports}</p>
        ) : (
          <div className="flex flex-col gap-4">
            {reports.map((report) => (
              <section key={report.day} className="flex flex-col gap-2">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium">{formatDate(`${report.day}T12:00:00Z`)}</span>
                  <span>
                    {S.atPsp}: {report.pspCount} · {formatBRL(report.pspSum)}
                  </span>
                  <span>
                    {S.credited}: {report.serviceCount} · {formatBRL(report.serviceSum)}
                  </span>
                  <Badge variant={report.differences.length === 0 ? "success" : "warn"}>
                    {report.differences.length === 0
                      ? S.balanced
                      : `${report.differences.length} ${S.differences.toLowerCase()}`}
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
