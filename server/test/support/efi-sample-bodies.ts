import type { EfiRequestBodyName } from "../../src/provider/efi/api-pix-schemas";
import { cobBody, pixSendBody } from "../../src/provider/efi/efi-provider";

/** Bodies the Efí adapter sends, for the schema test and the check against bacen's openapi.yaml. */
export const sampleCharge = {
  locationId: "loc",
  txid: "a".repeat(32),
  amountCents: 1050n,
  expiresInSeconds: 3600,
  description: "Pedido 42 — café ☕",
};
export const sampleOrder = {
  withdrawalId: "wd_AbCdEfGhIjKlMnOpQrStUvWx",
  reference: "WDR_ABCDEFGH12345678",
  amountCents: 99999999_99n,
  pixKeyType: "EMAIL",
  pixKey: "cliente@example.com",
};
export const adapterBodies: Array<[EfiRequestBodyName, unknown]> = [
  ["CobSolicitada", cobBody(sampleCharge, "8a4d298b-abe0-46c9-8a9f-6a3e9350cb2e")],
  ["CobSolicitada", cobBody({ ...sampleCharge, description: null, amountCents: 1n }, "+5511999998888")],
  ["CobRevisada", { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" }],
  ["PixEnvioSolicitado", pixSendBody(sampleOrder, "8a4d298b-abe0-46c9-8a9f-6a3e9350cb2e")],
  ["DevolucaoSolicitada", { valor: "4.00", descricao: "Troca" }],
  ["WebhookSolicitado", { webhookUrl: "https://loja.example/provider/efi/pix?hmac=abc&ignorar=" }],
  ["TokenRequest", { grant_type: "client_credentials" }],
];
