import type { DataSource } from "typeorm";
import { AuditService } from "./audit/audit.service";
import { AuthService } from "./auth/auth.service";
import { SignInLimits } from "./auth/sign-in-limits";
import { ANSWER_INFRACTION_JOB, EfiInfractions } from "./bank-events/efi/efi-infractions";
import { EfiNotificationsService } from "./bank-events/efi/efi-notifications";
import { EfiReadBack } from "./bank-events/efi/efi-read-back";
import { EfiReconciliation } from "./bank-events/efi/efi-reconciliation";
import { EfiRecurrences } from "./bank-events/efi/efi-recurrences";
import { UnconfirmedNotificationsService } from "./bank-events/unconfirmed-notifications.service";
import { ChargesService } from "./charges/charges.service";
import { setPaymentPagesBase } from "./charges/payment-url";
import { CompaniesService } from "./companies/companies.service";
import { ConsoleUsersService } from "./console-users/console-users.service";
import { type Clock, systemClock } from "./core/clock";
import type { AppConfig } from "./core/config";
import type { Logger } from "./core/logger";
import { createLimitStore, type LimitStore } from "./core/rate-limits";
import { poolOf } from "./core/sql";
import { CredentialUsage } from "./credentials/credential-usage";
import { CustomersService } from "./customers/customers.service";
import { DashboardsService } from "./dashboards/dashboards.service";
import { DisputesService } from "./disputes/disputes.service";
import { InboundPixService } from "./inbound-pix/inbound-pix.service";
import { LedgerService } from "./ledger/ledger.service";
import type { MakerCheckerPolicy } from "./ledger/maker-checker";
import { Mailer } from "./mail/mailer";
import { PayerPageService } from "./payer-page/payer-page.service";
import { PaymentLinksService } from "./payment-links/payment-links.service";
import { createPixProvider } from "./provider/create-provider";
import { EfiPixProvider } from "./provider/efi/efi-provider";
import type { PixProvider } from "./provider/pix-provider";
import { QrCodesService } from "./qrcodes/qrcodes.service";
import { RecurrencesService } from "./recurrences/recurrences.service";
import { RecurringChargesService } from "./recurrences/recurring-charges.service";
import { ExceptionReturnsService } from "./refunds/exception-returns.service";
import { RefundRequestsService } from "./refunds/refund-requests.service";
import { RefundsService } from "./refunds/refunds.service";
import { ReturnProcessor } from "./refunds/return-processor";
import { SearchService } from "./search/search.service";
import { TwoFactorService } from "./two-factor/two-factor.service";
import { accountWindowLimits } from "./webhooks/webhook-account-windows";
import { WebhookDispatcher } from "./webhooks/webhook-dispatcher";
import { WebhookEndpointsService } from "./webhooks/webhook-endpoints.service";
import { WebhookSender } from "./webhooks/webhook-sender";
import { WebhooksService } from "./webhooks/webhooks.service";
import { WithdrawalApprovals } from "./withdrawals/withdrawal-approvals";
import { WithdrawalBankOutcomes } from "./withdrawals/withdrawal-bank-outcomes";
import { WithdrawalProcessor } from "./withdrawals/withdrawal-processor";
import { WithdrawalTransitions } from "./withdrawals/withdrawal-transitions";
import { WithdrawalsService } from "./withdrawals/withdrawals.service";

/** Every service, built once per process from the config and the database. */
export interface Services {
  config: AppConfig;
  logger: Logger;
  db: DataSource;
  provider: PixProvider;
  auth: AuthService;
  credentialUsage: CredentialUsage;
  companies: CompaniesService;
  charges: ChargesService;
  /** The accounts' payers (due-date charges name them). */
  customers: CustomersService;
  /** Charges' payers' pages (/pay/<token>) and the name merchants show on them. */
  payerPages: PayerPageService;
  /** Payment links (/l/<token>): a payer's confirm makes a charge. */
  paymentLinks: PaymentLinksService;
  /** Static QR codes for the counter: each Pix received with one is a PAID charge. */
  qrCodes: QrCodesService;
  /** Pix Automático: the payers' authorisations and their status. */
  recurrences: RecurrencesService;
  /** Each cycle's charge, the payer's bank's debits and their retries. */
  recurringCharges: RecurringChargesService;
  ledger: LedgerService;
  /** Creation, the merchant's cancel, reads. */
  withdrawals: WithdrawalsService;
  /** Maker-checker: the operators' approvals and rejections. */
  withdrawalApprovals: WithdrawalApprovals;
  /** The bank's answers: accepted, settled, failed, unavailable; simulated in the sandbox. */
  withdrawalOutcomes: WithdrawalBankOutcomes;
  withdrawalProcessor: WithdrawalProcessor;
  /** The time scheduled payouts read (their day in São Paulo); tests set it. */
  clock: Clock;
  refunds: RefundsService;
  /** Operators' refunds above APPROVAL_SECOND_OPERATOR_ABOVE: a second operator confirms. */
  refundRequests: RefundRequestsService;
  exceptionReturns: ExceptionReturnsService;
  /** MED disputes: holds, the operators' decisions, the MED devolução. */
  disputes: DisputesService;
  /** Sends the devoluções of refunds and returned payment exceptions, and applies the bank's answers. */
  returnProcessor: ReturnProcessor;
  inboundPix: InboundPixService;
  /** A real bank's notifications it did not confirm when read back: the operators' review list. */
  unconfirmedNotifications: UnconfirmedNotificationsService;
  webhooks: WebhooksService;
  webhookEndpoints: WebhookEndpointsService;
  webhookSender: WebhookSender;
  webhookDispatcher: WebhookDispatcher;
  consoleUsers: ConsoleUsersService;
  twoFactor: TwoFactorService;
  audit: AuditService;
  search: SearchService;
  dashboards: DashboardsService;
  /** Rate-limit counters shared by every API process (PostgreSQL, or Redis with REDIS_URL). */
  limits: LimitStore;
  /** E-mails over SMTP_URL (or to the log); features queue them with mail/mail-outbox.ts's queueMail. */
  mailer: Mailer;
  /** PIX_PROVIDER=efi: the adapter, its notifications and its reconciliation; null for the sandbox. */
  efi: EfiServices | null;
}

export interface EfiServices {
  provider: EfiPixProvider;
  notifications: EfiNotificationsService;
  /** What Efí says, read back and applied: the one path of notifications and reconciliation. */
  readBack: EfiReadBack;
  reconciliation: EfiReconciliation;
  /** MED infractions: read into disputes, operators' decisions answered. */
  infractions: EfiInfractions;
  /** Pix Automático: recs and cobrs as Efí has them, from notifications and reconciliation. */
  recurrences: EfiRecurrences;
}

/** Secrets that may have been generated at first start (see core/generated-secrets.ts). */
export interface ServiceSecrets {
  adminTokenHash: string;
  providerWebhookSecret: string;
}

export function createServices(config: AppConfig, logger: Logger, db: DataSource, secrets: ServiceSecrets): Services {
  const provider = createPixProvider(config, secrets.providerWebhookSecret, logger);
  setPaymentPagesBase(config.publicBaseUrl);
  const customers = new CustomersService(db);
  const charges = new ChargesService(db, provider, customers);
  const withdrawalTransitions = new WithdrawalTransitions(db, provider.ispb);
  const makerChecker: MakerCheckerPolicy = {
    aboveCents: config.approvalSecondOperatorAboveCents,
    windowHours: config.approvalSecondOperatorWindowHours,
  };
  const clock = systemClock();
  const withdrawalApprovals = new WithdrawalApprovals(db, withdrawalTransitions, makerChecker, clock);
  const withdrawals = new WithdrawalsService(db, withdrawalTransitions, withdrawalApprovals, provider, clock);
  const withdrawalOutcomes = new WithdrawalBankOutcomes(db, withdrawalTransitions);
  const refunds = new RefundsService(db, charges, provider.ispb);
  const exceptionReturns = new ExceptionReturnsService(db, provider.ispb);
  const disputes = new DisputesService(db, charges, provider, makerChecker);
  refunds.disputeReturns = disputes;
  refunds.makerChecker = makerChecker;
  const inboundPix = new InboundPixService(db, provider, charges, refunds, exceptionReturns);
  const unconfirmedNotifications = new UnconfirmedNotificationsService(db, provider.name);
  const recurrences = new RecurrencesService(db, provider, customers, charges, logger);
  const recurringCharges = new RecurringChargesService(db, recurrences, charges, provider);
  let efi: EfiServices | null = null;
  if (provider instanceof EfiPixProvider) {
    const infractions = new EfiInfractions(db, provider, disputes, logger);
    disputes.answerJob = ANSWER_INFRACTION_JOB;
    const readBack = new EfiReadBack(db, provider, inboundPix, withdrawalOutcomes);
    const efiRecurrences = new EfiRecurrences(
      db,
      provider,
      recurrences,
      recurringCharges,
      readBack,
      unconfirmedNotifications,
      logger,
    );
    efi = {
      provider,
      notifications: new EfiNotificationsService(db, provider, readBack, unconfirmedNotifications, logger),
      readBack,
      reconciliation: new EfiReconciliation(
        db,
        provider,
        readBack,
        infractions,
        logger,
        config.efi?.reconcileEverySeconds ?? 60,
        efiRecurrences,
      ),
      infractions,
      recurrences: efiRecurrences,
    };
  }
  const sessions = {
    idleMinutes: config.sessionIdleMinutes,
    maxHours: config.sessionMaxHours,
    maxPerUser: config.sessionMaxPerUser,
  };
  const twoFactor = new TwoFactorService(db, {
    requireOperator2fa: config.requireOperator2fa,
    issuer: `Console PIX (${new URL(config.publicBaseUrl).host})`,
    consoleUrl: config.publicBaseUrl,
  });
  const webhookSender = new WebhookSender(config.webhookTimeoutMs, config.webhookAllowPrivate);
  const webhooks = new WebhooksService(db, config.webhookAllowPrivate);
  const credentialUsage = new CredentialUsage(db, logger);
  const companies = new CompaniesService(
    db,
    { feePercent: config.defaultFeePercent, feeFixed: config.defaultFeeFixed },
    config.webhookAllowPrivate,
    config.approvalSecondOperatorAboveCents,
  );
  const limits = createLimitStore({ pgPool: poolOf(db), redisUrl: config.redisUrl });
  const payerPages = new PayerPageService(db, config.rateLimitRps > 0 ? limits : null);
  const paymentLinks = new PaymentLinksService(db, charges, payerPages, limits);
  charges.paidSteps.push((em, charge) => paymentLinks.notePaid(em, charge));
  const qrCodes = new QrCodesService(db, charges, inboundPix, provider);
  inboundPix.staticQrPayments = qrCodes;
  charges.paidSteps.push((em, charge) => qrCodes.notePaid(em, charge));
  return {
    config,
    logger,
    db,
    provider,
    payerPages,
    paymentLinks,
    qrCodes,
    recurrences,
    recurringCharges,
    auth: new AuthService(db, secrets.adminTokenHash, sessions, (id) => credentialUsage.touch(id)),
    credentialUsage,
    companies,
    charges,
    customers,
    ledger: new LedgerService(db, makerChecker),
    withdrawals,
    withdrawalApprovals,
    withdrawalOutcomes,
    withdrawalProcessor: new WithdrawalProcessor(db, provider, withdrawalOutcomes, logger, clock),
    clock,
    refunds,
    refundRequests: new RefundRequestsService(db, charges, refunds, config.approvalSecondOperatorWindowHours),
    exceptionReturns,
    disputes,
    returnProcessor: new ReturnProcessor(db, provider, { refund: refunds, exception: exceptionReturns }, logger),
    inboundPix,
    unconfirmedNotifications,
    webhooks,
    webhookEndpoints: new WebhookEndpointsService(db, config.webhookAllowPrivate, webhooks),
    webhookSender,
    webhookDispatcher: new WebhookDispatcher(
      db,
      webhookSender,
      config.webhookRetryScheduleMs,
      logger,
      accountWindowLimits(config.webhookConcurrency, config.webhookTimeoutMs),
      { disableAfterMs: config.webhookDisableAfterH * 3_600_000, clock },
    ),
    consoleUsers: new ConsoleUsersService(
      db,
      { publicBaseUrl: config.publicBaseUrl, sessions },
      new SignInLimits(db, config.signInPerAddressPerMinute),
      twoFactor,
    ),
    twoFactor,
    audit: new AuditService(db),
    search: new SearchService(charges, withdrawals, companies),
    dashboards: new DashboardsService(db),
    limits,
    mailer: new Mailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, logger),
    efi,
  };
}
