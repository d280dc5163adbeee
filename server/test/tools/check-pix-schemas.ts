import { readFileSync } from "node:fs";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { parse } from "yaml";
import { adapterBodies } from "../support/efi-sample-bodies";

/**
 * Checks the bodies the Efí adapter sends against the central bank's own API Pix
 * openapi.yaml (github.com/bacen/pix-api, 2.9.0). The file is not part of this repository,
 * so this is a tool to run by hand after changing the adapter or api-pix-schemas.ts:
 *   npm run check:pix-schemas -w server -- /path/to/openapi.yaml
 * Pix Send and the token request are Efí's own, not in the central bank's file.
 */
const OFFICIAL: Record<string, string> = {
  CobSolicitada: "#/components/schemas/CobSolicitada",
  CobRevisada: "#/components/schemas/CobRevisada",
  CobVSolicitada: "#/components/schemas/CobVSolicitada",
  CobVRevisada: "#/components/schemas/CobVRevisada",
  LoteCobV: "#/components/requestBodies/LoteCobVBody/content/application~1json/schema",
  DevolucaoSolicitada: "#/components/schemas/DevolucaoSolicitada",
  WebhookSolicitado: "#/components/schemas/WebhookSolicitado",
  RecSolicitada: "#/components/schemas/RecSolicitada",
  RecRevisada: "#/components/schemas/RecRevisada",
  SolicRecSolicitada: "#/components/schemas/SolicRecSolicitada",
  CobRSolicitada: "#/components/schemas/CobRSolicitada",
  CobRRevisada: "#/components/schemas/CobRRevisada",
  WebhookRecSolicitado: "#/components/schemas/WebhookRecSolicitado",
  WebhookCobRSolicitado: "#/components/schemas/WebhookCobRSolicitado",
};

const file = process.argv[2];
if (!file) {
  console.error("usage: npm run check:pix-schemas -w server -- <path to bacen's openapi.yaml>");
  process.exit(2);
}
const bacen = new Ajv({ strict: false, allErrors: true });
addFormats(bacen);
const official = parse(readFileSync(file, "utf8"));
correctPublishedDefects(official);
bacen.addSchema({ ...official, $id: "bacen" });

/**
 * Defects of the published file (2.9.0) that refuse bodies its own text describes, read
 * as their descriptions mean them (and said so in the output):
 * - PessoaFisica.cpf's pattern is written with JavaScript's slashes ("/^\d{11}$/"), which no
 *   CPF matches as a JSON Schema pattern: read as ^\d{11}$.
 * - CobVValor.desconto is a oneOf of the fixed dates (modalidades 1, 2) and a value per day
 *   (3 to 6), but its first branch requires nothing, so a value per day matches both
 *   branches and fails the oneOf: the first branch is read as requiring descontoDataFixa.
 */
function correctPublishedDefects(document: any): void {
  const schemas = document.components.schemas;
  const cpf = schemas.PessoaFisica?.properties?.cpf;
  if (cpf?.pattern === "/^\\d{11}$/") {
    cpf.pattern = "^\\d{11}$";
    console.log("note: PessoaFisica.cpf's pattern /^\\d{11}$/ read as ^\\d{11}$");
  }
  for (const name of ["PessoaFisicaRecorrencia", "CPF"]) {
    const pattern = schemas[name]?.properties?.cpf;
    if (pattern?.pattern === "/^\\d{11}$/") {
      pattern.pattern = "^\\d{11}$";
      console.log(`note: ${name}.cpf's pattern /^\\d{11}$/ read as ^\\d{11}$`);
    }
  }
  // RecBase requires idRec and retentativa, which it does not define: the PSP makes the idRec
  // (Efí's own POST /v2/rec body has neither), and the policy is RecConfiguracao's politicaRetentativa.
  const recBase = schemas.RecBase;
  if (recBase?.required?.includes("idRec")) {
    recBase.required = recBase.required.filter((name: string) => name !== "idRec" && name !== "retentativa");
    console.log("note: RecBase's required idRec and retentativa (not its properties) left out of RecSolicitada");
  }
  // SolicRecBase requires a pagador it never defines (the payer is the rec's devedor, the
  // account holder is destinatario's CPF or CNPJ); Efí's POST /v2/solicrec body has none.
  const solicRecBase = schemas.SolicRecBase;
  if (solicRecBase?.required?.includes("pagador") && !solicRecBase.properties?.pagador) {
    solicRecBase.required = solicRecBase.required.filter((name: string) => name !== "pagador");
    console.log("note: SolicRecBase's required pagador (not one of its properties) left out of SolicRecSolicitada");
  }
  const fixedDates = schemas.CobVValor?.properties?.desconto?.oneOf?.[0];
  if (fixedDates?.properties?.descontoDataFixa && !fixedDates.required) {
    fixedDates.required = ["descontoDataFixa"];
    console.log("note: CobVValor.desconto's first oneOf branch read as requiring descontoDataFixa");
  }
}

let failures = 0;
for (const [name, pointer] of Object.entries(OFFICIAL)) {
  const check = bacen.getSchema(`bacen${pointer}`);
  if (!check) {
    console.error(`✗ ${name}: not in ${file}`);
    failures += 1;
    continue;
  }
  for (const [ours, body] of adapterBodies.filter(([ours]) => ours === name)) {
    const valid = check(body);
    if (!valid) failures += 1;
    console.log(
      `${valid ? "✓" : "✗"} ${ours}: ${JSON.stringify(body)}${valid ? "" : ` ${JSON.stringify(check.errors)}`}`,
    );
  }
}
console.log(failures === 0 ? "every body is valid for the central bank's schemas" : `${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
