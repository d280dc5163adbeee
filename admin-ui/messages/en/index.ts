import type { Messages } from "..";
import auth from "./auth.json";
import common from "./common.json";
import errors from "./errors.json";
import operators from "./operators.json";
import shell from "./shell.json";

/** English: the same namespaces and keys as ../pt-BR (the type and e2e/unit/catalogues.spec.ts check it). */
const en = { auth, common, errors, operators, shell } satisfies Messages;

export default en;
