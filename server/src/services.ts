import type { DataSource } from "typeorm";
import { AuthService } from "./auth/auth.service";
import { ChargesService } from "./charges/charges.service";
import { CompaniesService } from "./companies/companies.service";
import type { AppConfig } from "./core/config";
import type { Logger } from "./core/logger";
import { LedgerService } from "./ledger/ledger.service";
import { InboundPixService } from "./provider/inbound-pix.service";
import { createPixProvider, type PixProvider } from "./provider/pix-provider";
import { WebhookDispatcher } from "./webhooks/webhook-dispatcher";
import { WebhookSender } from "./webhooks/webhook-sender";
import { WebhooksService } from "./webhooks/webhooks.service";
import { WithdrawalProcessor } from "./withdrawals/withdrawal-processor";
import { WithdrawalsService } from "./withdrawals/withdrawals.service";

/** Every service, built once per process from the config and the database. */
export interface Services {
  config: AppConfig;
  logger: Logger;
  db: DataSource;
  provider: PixProvider;
  auth: AuthService;
  companies: CompaniesService;
  charges: ChargesService;
  ledger: LedgerService;
  withdrawals: WithdrawalsService;
  withdrawalProcessor: WithdrawalProcessor;
  inboundPix: InboundPixService;
  webhooks: WebhooksService;
  webhookSender: WebhookSender;
  webhookDispatcher: WebhookDispatcher;
}

/** Secrets that may have been generated at first start (see core/generated-secrets.ts). */
export interface ServiceSecrets {
  adminTokenHash: string;
  providerWebhookSecret: string;
}

export function createServices(config: AppConfig, logger: Logger, db: DataSource, secrets: ServiceSecrets): Services {
  const provider = createPixProvider({ ...config, providerWebhookSecret: secrets.providerWebhookSecret });
  const charges = new ChargesService(db, provider);
  const withdrawals = new WithdrawalsService(db);
  const webhookSender = new WebhookSender(config.webhookTimeoutMs, config.webhookAllowPrivate);
  return {
    config,
    logger,
    db,
    provider,
    auth: new AuthService(db, secrets.adminTokenHash),
    companies: new CompaniesService(
      db,
      { feePercent: config.defaultFeePercent, feeFixed: config.defaultFeeFixed },
      config.webhookAllowPrivate,
    ),
    charges,
    ledger: new LedgerService(db),
    withdrawals,
    withdrawalProcessor: new WithdrawalProcessor(db, provider, withdrawals, logger),
    inboundPix: new InboundPixService(db, provider, charges),
    webhooks: new WebhooksService(db, config.webhookAllowPrivate),
    webhookSender,
    webhookDispatcher: new WebhookDispatcher(db, webhookSender, config.webhookRetryScheduleMs, logger),
  };
}
