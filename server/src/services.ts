import type { DataSource } from "typeorm";
import { AuthService } from "./auth/auth.service";
import { ChargesService } from "./charges/charges.service";
import { CompaniesService } from "./companies/companies.service";
import type { AppConfig } from "./core/config";
import type { Logger } from "./core/logger";
import { LedgerService } from "./ledger/ledger.service";
import { createPixProvider, type PixProvider } from "./provider/pix-provider";
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
}

export function createServices(config: AppConfig, logger: Logger, db: DataSource, adminTokenHash: string): Services {
  const provider = createPixProvider(config);
  return {
    config,
    logger,
    db,
    provider,
    auth: new AuthService(db, adminTokenHash),
    companies: new CompaniesService(
      db,
      { feePercent: config.defaultFeePercent, feeFixed: config.defaultFeeFixed },
      config.webhookAllowPrivate,
    ),
    charges: new ChargesService(db, provider),
    ledger: new LedgerService(db),
    withdrawals: new WithdrawalsService(db),
  };
}
