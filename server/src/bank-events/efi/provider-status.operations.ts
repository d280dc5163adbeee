import { ArgsType, Field, Int, ObjectType } from "type-graphql";
import type { DataSource } from "typeorm";
import type { AppConfig } from "../../core/config";
import { queryRows } from "../../core/sql";
import { MoneyScalar } from "../../graphql/scalars";
import { declareOperations } from "../../operation";
import type { EfiPixProvider, PixProvider, WebhookRegistrationState } from "../../provider";
import { readProviderState } from "../../provider";
import type { LastNotification } from "./efi-notifications";
import type { ReconciliationDifference } from "./efi-reconciliation";

@ObjectType({ description: "The registration of the key's webhook at the PSP." })
class ProviderWebhook {
  @Field()
  ok!: boolean;
  @Field({ description: "The registered URL, its hmac hidden." })
  webhookUrl!: string;
  @Field()
  pixKey!: string;
  @Field(() => Date)
  registeredAt!: Date;
  @Field(() => String, { nullable: true })
  error!: string | null;
}

@ObjectType({ description: "The last notification the PSP sent." })
class ProviderNotification {
  @Field(() => Date)
  receivedAt!: Date;
  @Field({ description: "The PSP's test notification (sent when the webhook is registered)." })
  test!: boolean;
  @Field(() => Int)
  payments!: number;
  @Field(() => Int)
  transfers!: number;
  @Field(() => String, { nullable: true, description: "Why it failed (the PSP sends it again)." })
  failed!: string | null;
}

@ObjectType({ description: "Something one side had and the other did not, as a run or a report found it." })
class ReconciliationDifferenceView {
  @Field({
    description: "CREDITED (no notification had brought it), EXCEPTION, TRANSFER_PAID/FAILED, PSP_ONLY, SERVICE_ONLY.",
  })
  kind!: string;
  @Field(() => String, { nullable: true })
  endToEndId!: string | null;
  @Field(() => String, { nullable: true })
  txid!: string | null;
  @Field(() => String, { nullable: true })
  chargeId!: string | null;
  @Field(() => String, { nullable: true, description: 'As the PSP writes money ("10.00").' })
  valor!: string | null;
  @Field(() => String, { nullable: true })
  detail!: string | null;
}

@ObjectType({ description: "One reconciliation run against the PSP's list of received Pix." })
class ReconciliationRunView {
  @Field(() => Date)
  startedAt!: Date;
  @Field(() => Date, { nullable: true })
  finishedAt!: Date | null;
  @Field(() => Date)
  windowFrom!: Date;
  @Field(() => Date)
  windowTo!: Date;
  @Field(() => Int)
  pixSeen!: number;
  @Field(() => Int, { description: "Payments no notification had brought, credited by this run." })
  credited!: number;
  @Field(() => Int, { description: "Payments the service did not know, recorded as payment exceptions." })
  exceptions!: number;
  @Field(() => Int)
  transfersReadBack!: number;
  @Field(() => Int)
  transfersDecided!: number;
  @Field(() => String, { nullable: true })
  error!: string | null;
  @Field(() => [ReconciliationDifferenceView])
  differences!: ReconciliationDifferenceView[];
}

@ObjectType({ description: "The connection to Efí as this API process sees it." })
class EfiConnection {
  @Field()
  baseUrl!: string;
  @Field()
  pixKey!: string;
  @Field()
  certificateSubject!: string;
  @Field()
  certificateIssuer!: string;
  @Field(() => Date)
  certificateValidTo!: Date;
  @Field(() => Int, { description: "Whole days until the certificate expires." })
  certificateDaysLeft!: number;
  @Field()
  tokenValid!: boolean;
  @Field(() => Date, { nullable: true })
  tokenExpiresAt!: Date | null;
  @Field(() => Int, { description: "Token requests made by this process since it started." })
  tokenRequests!: number;
  @Field({ description: "closed (calls go through), open (failing fast after an outage), half-open (trying again)." })
  circuit!: string;
  @Field(() => Date, { nullable: true })
  lastSuccessAt!: Date | null;
  @Field(() => Date, { nullable: true })
  lastFailureAt!: Date | null;
  @Field(() => String, { nullable: true })
  lastFailure!: string | null;
}

@ObjectType({ description: "Which PSP the service uses, and how the connection is doing." })
class ProviderStatus {
  @Field({ description: "sandbox or efi (PIX_PROVIDER)." })
  name!: string;
  @Field(() => EfiConnection, { nullable: true })
  efi!: EfiConnection | null;
  @Field(() => ProviderWebhook, { nullable: true })
  webhook!: ProviderWebhook | null;
  @Field(() => ProviderNotification, { nullable: true })
  lastNotification!: ProviderNotification | null;
  @Field(() => ReconciliationRunView, { nullable: true })
  lastReconciliation!: ReconciliationRunView | null;
  @Field(() => Int, { nullable: true, description: "EFI_RECONCILE_EVERY_S" })
  reconcileEverySeconds!: number | null;
}

@ObjectType({
  description: "A day (America/Sao_Paulo) on both sides: the PSP's received Pix and the charges credited.",
})
class ReconciliationReport {
  @Field({ description: "YYYY-MM-DD" })
  day!: string;
  @Field(() => Date)
  generatedAt!: Date;
  @Field(() => Int)
  pspCount!: number;
  @Field(() => MoneyScalar)
  pspSum!: bigint;
  @Field(() => Int)
  serviceCount!: number;
  @Field(() => MoneyScalar)
  serviceSum!: bigint;
  @Field(() => [ReconciliationDifferenceView])
  differences!: ReconciliationDifferenceView[];
}

interface RunRow {
  started_at: Date;
  finished_at: Date | null;
  window_from: Date;
  window_to: Date;
  pix_seen: number;
  credited: number;
  exceptions: number;
  transfers_read_back: number;
  transfers_decided: number;
  error: string | null;
  differences: ReconciliationDifference[];
}

type ReportDifference = {
  side: string;
  endToEndId?: string | null;
  txid?: string | null;
  chargeId?: string;
  valor?: string | null;
};

const differenceView = (difference: ReconciliationDifference): ReconciliationDifferenceView => ({
  kind: difference.outcome,
  endToEndId: difference.endToEndId,
  txid: difference.txid,
  chargeId: null,
  valor: difference.valor,
  detail: difference.detail,
});

interface ProviderStatusServices {
  db: DataSource;
  provider: Pick<PixProvider, "name">;
  config: Pick<AppConfig, "efi">;
  /** PIX_PROVIDER=efi: its adapter; null for the sandbox. */
  efi: { provider: Pick<EfiPixProvider, "client" | "pixKey"> } | null;
}

const { operation } = declareOperations<ProviderStatusServices>();

@ArgsType()
class ReconciliationReportsArgs {
  @Field(() => Int, { defaultValue: 14, description: "How many days, 1 to 90." })
  days!: number;
}

/** The operators' provider page: the PSP's health, its webhook, notifications and reconciliation. */
export const providerStatusOperations = [
  operation({
    name: "providerStatus",
    kind: "query",
    description: "The provider page: PSP, certificate, token, webhook, notifications, reconciliation.",
    access: ["OPERATOR"],
    output: () => ProviderStatus,
    run: async (_args, _ctx, deps): Promise<ProviderStatus> => {
      const efi = deps.efi;
      if (!efi) {
        return {
          name: deps.provider.name,
          efi: null,
          webhook: null,
          lastNotification: null,
          lastReconciliation: null,
          reconcileEverySeconds: null,
        };
      }
      const health = efi.provider.client.describe();
      const [webhook, notification, runs] = await Promise.all([
        readProviderState<WebhookRegistrationState>(deps.db, "webhook_registration"),
        readProviderState<LastNotification>(deps.db, "last_notification"),
        queryRows<RunRow>(deps.db, "SELECT * FROM reconciliation_runs ORDER BY started_at DESC, id DESC LIMIT 1"),
      ]);
      const validTo = new Date(health.certificate.validTo);
      const run = runs[0];
      return {
        name: "efi",
        efi: {
          baseUrl: health.baseUrl,
          pixKey: efi.provider.pixKey,
          certificateSubject: health.certificate.subject,
          certificateIssuer: health.certificate.issuer,
          certificateValidTo: validTo,
          certificateDaysLeft: Math.floor((validTo.getTime() - Date.now()) / 86_400_000),
          tokenValid: health.token.valid,
          tokenExpiresAt: health.token.expiresAt ? new Date(health.token.expiresAt) : null,
          tokenRequests: health.token.requests,
          circuit: health.circuit,
          lastSuccessAt: health.lastSuccessAt ? new Date(health.lastSuccessAt) : null,
          lastFailureAt: health.lastFailure ? new Date(health.lastFailure.at) : null,
          lastFailure: health.lastFailure?.message ?? null,
        },
        webhook: webhook
          ? {
              ok: webhook.ok,
              webhookUrl: webhook.webhookUrl,
              pixKey: webhook.pixKey,
              registeredAt: new Date(webhook.at),
              error: webhook.error,
            }
          : null,
        lastNotification: notification
          ? {
              receivedAt: new Date(notification.at),
              test: notification.test,
              payments: notification.payments,
              transfers: notification.transfers,
              failed: notification.failed,
            }
          : null,
        lastReconciliation: run
          ? {
              startedAt: run.started_at,
              finishedAt: run.finished_at,
              windowFrom: run.window_from,
              windowTo: run.window_to,
              pixSeen: run.pix_seen,
              credited: run.credited,
              exceptions: run.exceptions,
              transfersReadBack: run.transfers_read_back,
              transfersDecided: run.transfers_decided,
              error: run.error,
              differences: run.differences.map(differenceView),
            }
          : null,
        reconcileEverySeconds: deps.config.efi?.reconcileEverySeconds ?? null,
      };
    },
  }),

  operation({
    name: "reconciliationReports",
    kind: "query",
    description: "Daily reconciliation reports, newest first.",
    access: ["OPERATOR"],
    args: ReconciliationReportsArgs,
    output: () => [ReconciliationReport],
    run: async ({ days }, _ctx, { db }): Promise<ReconciliationReport[]> => {
      const limit = Math.min(Math.max(Math.trunc(days), 1), 90);
      const rows = await queryRows<{
        day: string;
        generated_at: Date;
        psp_count: number;
        psp_sum_cents: string;
        service_count: number;
        service_sum_cents: string;
        differences: ReportDifference[];
      }>(
        db,
        `SELECT day::text AS day, generated_at, psp_count, psp_sum_cents, service_count, service_sum_cents, differences
           FROM reconciliation_reports ORDER BY reconciliation_reports.day DESC LIMIT ${limit}`,
      );
      return rows.map((row) => ({
        day: row.day,
        generatedAt: row.generated_at,
        pspCount: row.psp_count,
        pspSum: BigInt(row.psp_sum_cents),
        serviceCount: row.service_count,
        serviceSum: BigInt(row.service_sum_cents),
        differences: row.differences.map((difference) => ({
          kind: difference.side,
          endToEndId: difference.endToEndId ?? null,
          txid: difference.txid ?? null,
          chargeId: difference.chargeId ?? null,
          valor: difference.valor ?? null,
          detail: null,
        })),
      }));
    },
  }),
];
