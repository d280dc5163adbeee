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

/**
 * Portuguese, the console's first language: one file per feature, named as its namespace
 * (`useTranslations("<feature>")`). A new feature adds its file here and in ../en/index.ts.
 */
const ptBR = { adjustments, auth, common, confirm, errors, operators, paymentExceptions, refunds, shell, withdrawals };

export default ptBR;
