import type ptBR from "../pt-BR";
import account from "./account.json";
import actors from "./actors.json";
import adjustments from "./adjustments.json";
import attemptErrors from "./attemptErrors.json";
import audit from "./audit.json";
import auth from "./auth.json";
import billing from "./billing.json";
import charges from "./charges.json";
import common from "./common.json";
import companies from "./companies.json";
import confirm from "./confirm.json";
import credentials from "./credentials.json";
import customers from "./customers.json";
import dateRange from "./dateRange.json";
import deliveries from "./deliveries.json";
import developers from "./developers.json";
import disputes from "./disputes.json";
import errors from "./errors.json";
import exports from "./exports.json";
import live from "./live.json";
import merchant from "./merchant.json";
import merchantCharges from "./merchantCharges.json";
import merchantWebhooks from "./merchantWebhooks.json";
import merchantWithdrawals from "./merchantWithdrawals.json";
import operators from "./operators.json";
import overview from "./overview.json";
import payer from "./payer.json";
import paymentExceptions from "./paymentExceptions.json";
import paymentLinks from "./paymentLinks.json";
import provider from "./provider.json";
import qrCodes from "./qrCodes.json";
import recurrences from "./recurrences.json";
import refunds from "./refunds.json";
import shell from "./shell.json";
import statement from "./statement.json";
import team from "./team.json";
import twoFactor from "./twoFactor.json";
import withdrawalDetail from "./withdrawalDetail.json";
import withdrawals from "./withdrawals.json";

/** English: the same namespaces and keys as ../pt-BR (the type and e2e/unit/catalogues.spec.ts check it). */
const en = {
  account,
  actors,
  adjustments,
  attemptErrors,
  audit,
  auth,
  billing,
  charges,
  common,
  companies,
  confirm,
  credentials,
  customers,
  dateRange,
  deliveries,
  developers,
  disputes,
  errors,
  exports,
  live,
  merchant,
  merchantCharges,
  merchantWebhooks,
  merchantWithdrawals,
  operators,
  overview,
  payer,
  paymentLinks,
  paymentExceptions,
  provider,
  qrCodes,
  recurrences,
  refunds,
  shell,
  statement,
  team,
  twoFactor,
  withdrawalDetail,
  withdrawals,
} satisfies typeof ptBR;

export default en;
