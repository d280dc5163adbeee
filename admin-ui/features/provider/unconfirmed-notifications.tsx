import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { UnconfirmedNotificationsQuery } from "@/gql/graphql";
import { formatBRL, formatDateTime } from "@/lib/format";

type Page = UnconfirmedNotificationsQuery["unconfirmedNotifications"];

/**
 * The bank's notifications the bank did not confirm when read back (nothing was applied),
 * with who sent them: a forged one means the webhook URL's secret has leaked.
 */
export function UnconfirmedNotifications({ page }: { page: Page }) {
  const t = useTranslations("provider.unconfirmed");
  return (
    <Card data-testid="provider-unconfirmed">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {t("title")}{" "}
          <Badge variant={page.total === 0 ? "success" : "danger"}>
            {page.totalCapped ? t("countCapped") : t("count", { count: page.total })}
          </Badge>
        </CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {page.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("empty")}</p>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("when")}</TableHead>
                  <TableHead>{t("kind")}</TableHead>
                  <TableHead>{t("problem")}</TableHead>
                  <TableHead>{t("caller")}</TableHead>
                  <TableHead className="text-right">{t("amount")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {page.data.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell className="whitespace-nowrap text-xs">
                      {formatDateTime(row.createdAt, { seconds: true })}
                      {row.timesSeen > 1 && (
                        <span className="block text-muted-foreground">
                          {t("timesSeen", { count: row.timesSeen, last: formatDateTime(row.lastSeenAt) })}
                        </span>
                      )}
                    </TableCell>
                    <TableCell>
                      <Badge variant="warn">{t(`kinds.${row.kind}`)}</Badge>
                      {row.claimedStatus && (
                        <span className="block font-mono text-xs text-muted-foreground">{row.claimedStatus}</span>
                      )}
                    </TableCell>
                    <TableCell className="min-w-72 whitespace-normal text-xs">
                      <span lang="en" className="break-words">
                        {row.problem}
                      </span>
                      <span className="block break-all font-mono text-muted-foreground">
                        {row.withdrawalId ?? row.returnRequestId ?? row.endToEndId ?? row.txid ?? ""}
                      </span>
                    </TableCell>
                    <TableCell className="font-mono text-xs">
                      {row.callerAddress ?? "—"}
                      {row.lastCallerAddress && row.lastCallerAddress !== row.callerAddress && (
                        <span className="block text-muted-foreground">{row.lastCallerAddress}</span>
                      )}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {row.amount === null || row.amount === undefined ? "—" : formatBRL(row.amount)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
