import type { Messages } from "..";
import account from "./account.json";
import adjustments from "./adjustments.json";
import audit from "./audit.json";
import auth from "./auth.json";
import common from "./common.json";
import companies from "./companies.json";
import confirm from "./confirm.json";
import credentials from "./credentials.json";
import dateRange from "./dateRange.json";
import deliveries from "./deliveries.json";
import developers from "./developers.json";
import disputes from "./disputes.json";
import errors from "./errors.json";
import exports from "./exports.json";
import merchant from "./merchant.json";
import merchantWebhooks from "./merchantWebhooks.json";
import merchantWithdrawals from "./merchantWithdrawals.json";
import operators from "./operators.json";
import overview from "./overview.json";
import paymentExceptions from "./paymentExceptions.json";
import provider from "./provider.json";
import refunds from "./refunds.json";
import shell from "./shell.json";
import team from "./team.json";
import twoFactor from "./twoFactor.json";
import withdrawals from "./withdrawals.json";

/** English: the same namespaces and keys as ../pt-BR (the type and e2e/unit/catalogues.spec.ts check it). */
const en = {
  account,
  adjustments,
  audit,
  auth,
  common,
  companies,
  confirm,
  credentials,
  dateRange,
  deliveries,
  developers,
  disputes,
  errors,
  exports,
  merchant,
  merchantWebhooks,
  merchantWithdrawals,
  operators,
  overview,
  paymentExceptions,
  provider,
  refunds,
  shell,
  team,
  twoFactor,
  withdrawals,
} satisfies Messages;

export default en;
