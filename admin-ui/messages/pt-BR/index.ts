import auth from "./auth.json";
import common from "./common.json";
import errors from "./errors.json";
import operators from "./operators.json";
import shell from "./shell.json";

/**
 * Portuguese, the console's first language: one file per feature, named as its namespace
 * (`useTranslations("<feature>")`). A new feature adds its file here and in ../en/index.ts.
 */
const ptBR = { auth, common, errors, operators, shell };

export default ptBR;
