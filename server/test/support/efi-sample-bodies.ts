import { AdjustmentMode, DiscountMode, type DueDateTerms, InterestMode } from "../../src/billing/amount-due";
import type { EfiRequestBodyName } from "../../src/provider/efi/api-pix-schemas";
import { cobBody, cobrBody, cobvBody, pixSendBody, recBody, solicRecBody } from "../../src/provider/efi/efi-provider";
import type { DueDateChargeRegistration, RecurrenceTerms, TransferOrder } from "../../src/provider/pix-provider";
import { BankAccountType } from "../../src/withdrawals/bank-account";

/** Bodies the Efí adapter sends, for the schema test and the check against bacen's openapi.yaml. */
export const sampleCharge = {
  locationId: "loc",
  txid: "a".repeat(32),
  amountCents: 1050n,
  expiresInSeconds: 3600,
  description: "Pedido 42 — café ☕",
};
export const sampleOrder: TransferOrder = {
  withdrawalId: "wd_AbCdEfGhIjKlMnOpQrStUvWx",
  reference: "WDR_ABCDEFGH12345678",
  amountCents: 99999999_99n,
  pixKeyType: "EMAIL",
  pixKey: "cliente@example.com",
  bankAccount: null,
  recipientDocument: null,
};
const KEY = "8a4d298b-abe0-46c9-8a9f-6a3e9350cb2e";
const plainTerms: DueDateTerms = {
  amountCents: 15000n,
  dueDate: "2026-03-10",
  daysAfterDue: 30,
  abatement: null,
  fine: null,
  interest: null,
  discount: null,
};
/** Due-date charges with every interest and discount mode, a CNPJ and a CPF debtor. */
export const sampleDueDateCharges: DueDateChargeRegistration[] = [
  {
    locationId: "loc",
    txid: "b".repeat(32),
    terms: {
      ...plainTerms,
      fine: { mode: AdjustmentMode.PERCENT, value: 200n },
      interest: { mode: InterestMode.PERCENT_PER_MONTH, value: 100n },
      abatement: { mode: AdjustmentMode.FIXED, value: 500n },
      discount: {
        mode: DiscountMode.FIXED_UNTIL_DATES,
        dates: [
          { date: "2026-03-01", value: 1000n },
          { date: "2026-03-05", value: 500n },
        ],
      },
    },
    debtor: { name: "Escola Modelo Ltda", document: "11222333000181" },
    description: "Mensalidade de março",
  },
  ...Object.values(InterestMode).map((mode, index) => ({
    locationId: "loc",
    txid: `c${index}`.padEnd(32, "c"),
    terms: {
      ...plainTerms,
      fine: { mode: AdjustmentMode.FIXED, value: 300n },
      interest: { mode, value: 33n },
      abatement: { mode: AdjustmentMode.PERCENT, value: 1000n },
      discount: Object.values(DiscountMode)[index % 6].endsWith("_EARLY")
        ? { mode: Object.values(DiscountMode)[index % 6], value: 10n }
        : { mode: Object.values(DiscountMode)[index % 6], dates: [{ date: "2026-03-10", value: 250n }] },
    } as DueDateTerms,
    debtor: { name: "Maria da Silva", document: "52998224725" },
    description: null,
  })),
];
/** Pix Automático: a fixed monthly recurrence with an end and retries, a variable weekly one of a CNPJ. */
const fixedTerms: RecurrenceTerms = {
  contract: "CT-2026-001",
  object: "Plano mensal",
  frequency: "MONTHLY",
  startDate: "2026-03-10",
  endDate: "2027-03-10",
  amountCents: 4990n,
  retryPolicy: "THREE_IN_SEVEN_DAYS",
  payer: { name: "Maria da Silva", document: "52998224725" },
};
const variableTerms: RecurrenceTerms = {
  ...fixedTerms,
  frequency: "WEEKLY",
  endDate: null,
  amountCents: null,
  retryPolicy: "NONE",
  payer: { name: "Escola Modelo Ltda", document: "11222333000181" },
};
const REC_ID = "RR0908935620260310abcdefghijk";
const recurringCharge = {
  ...sampleCharge,
  bankRecurrenceId: REC_ID,
  dueDate: "2026-04-10",
};

export const adapterBodies: Array<[EfiRequestBodyName, unknown]> = [
  ["RecSolicitada", recBody(fixedTerms, 108, null)],
  ["RecSolicitada", recBody(variableTerms, 109, "d".repeat(32))],
  ["RecRevisada", { status: "CANCELADA" }],
  [
    "SolicRecSolicitada",
    solicRecBody({
      bankRecurrenceId: "RR0908935620261203aB3dE5fG7hJ",
      account: { ispb: "60701190", branch: "0001", account: "123456", document: "52998224725" },
      expiresAt: new Date("2026-12-05T03:00:00.000Z"),
    }),
  ],
  [
    "SolicRecSolicitada",
    solicRecBody({
      bankRecurrenceId: "RN0908935620261203aB3dE5fG7hJ",
      account: { ispb: "00000000", branch: null, account: "9876543210", document: "11222333000181" },
      expiresAt: new Date("2026-12-05T03:00:00.000Z"),
    }),
  ],
  ["CobRSolicitada", cobrBody(recurringCharge, "123456")],
  ["CobRSolicitada", cobrBody({ ...recurringCharge, description: null }, "1")],
  ["CobRRevisada", { status: "CANCELADA" }],
  ["WebhookRecSolicitado", { webhookUrl: "https://loja.example/provider/efi/rec?hmac=abc&ignorar=" }],
  ["WebhookCobRSolicitado", { webhookUrl: "https://loja.example/provider/efi/cobr?hmac=abc&ignorar=" }],
  ...sampleDueDateCharges.map((charge): [EfiRequestBodyName, unknown] => ["CobVSolicitada", cobvBody(charge, KEY)]),
  ["CobVRevisada", { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" }],
  [
    "LoteCobV",
    {
      descricao: "Mensalidades de março",
      cobsv: sampleDueDateCharges.map((charge) => ({ txid: charge.txid, ...cobvBody(charge, KEY) })),
    },
  ],
  ["CobSolicitada", cobBody(sampleCharge, "8a4d298b-abe0-46c9-8a9f-6a3e9350cb2e")],
  ["CobSolicitada", cobBody({ ...sampleCharge, description: null, amountCents: 1n }, "+5511999998888")],
  ["CobRevisada", { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" }],
  ["PixEnvioSolicitado", pixSendBody(sampleOrder, "8a4d298b-abe0-46c9-8a9f-6a3e9350cb2e")],
  ["PixEnvioSolicitado", pixSendBody({ ...sampleOrder, recipientDocument: "12345678909" }, KEY)],
  ["PixEnvioSolicitado", pixSendBody({ ...sampleOrder, recipientDocument: "12ABC34501DE35" }, KEY)],
  ...(["CHECKING", "SAVINGS", "PAYMENT"] as const).map((accountType, index): [EfiRequestBodyName, unknown] => [
    "PixEnvioSolicitado",
    pixSendBody(
      {
        ...sampleOrder,
        pixKeyType: null,
        pixKey: null,
        bankAccount: {
          ispb: "00000000",
          branch: "1234",
          account: "000123456789",
          accountType: BankAccountType[accountType],
          holderName: "Fornecedor Exemplo Ltda",
          holderDocument: index === 0 ? "12345678909" : "11222333000181",
        },
      },
      KEY,
    ),
  ]),
  ["DevolucaoSolicitada", { valor: "4.00", descricao: "Troca" }],
  ["WebhookSolicitado", { webhookUrl: "https://loja.example/provider/efi/pix?hmac=abc&ignorar=" }],
  ["TokenRequest", { grant_type: "client_credentials" }],
];
