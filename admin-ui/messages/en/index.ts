import type { Messages } from "..";
import adjustments from "./adjustments.json";
import auth from "./auth.json";
import common from "./common.json";
import confirm from "./confirm.json";
import errors from "./errors.json";
import operators from "./operators.json";
import paymentExceptions from "./paymentExceptions.json";
import refunds from "./refunds.json";
import shell from "./shell.json";
import withdrawals from "./withdrawals.json";

/** English: the same namespaces and keys as ../pt-BR (the type and e2e/unit/catalogues.spec.ts check it). */
const en = {
  adjustments,
  auth,
  common,
  confirm,
  errors,
  operators,
  paymentExceptions,
  refunds,
  shell,
  withdrawals,
} satisfies Messages;

export default en;
