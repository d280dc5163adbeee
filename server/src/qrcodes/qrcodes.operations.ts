import { ArgsType, Field, ID, InputType, ObjectType } from "type-graphql";
import { companyScope, requireCompanyScope } from "../auth/model";
import { Charge } from "../charges/model";
import { PageOf, PagingArgs } from "../graphql/page";
import { MoneyScalar } from "../graphql/scalars";
import { PaymentExceptionKind } from "../inbound-pix/model";
import { declareOperations, type RestAnswer } from "../operation";
import { QrCode } from "./qr-code.entity";
import type { QrCodesService } from "./qrcodes.service";

interface QrCodeServices {
  qrCodes: QrCodesService;
}

const { operation } = declareOperations<QrCodeServices>();

@InputType({ description: "A fixed amount, or none (the payer types it in their bank's app)." })
class CreateQrCodeInput {
  @Field(() => String, { description: "1 to 140 characters: what is paid for; each charge's description." })
  description!: string;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: "Fixed amount, 0.01 to 99999999.99; absent: the payer types it.",
  })
  amount?: bigint | null;
}

@ObjectType()
class QrCodePage extends PageOf(QrCode) {}

@ArgsType()
class CreateQrCodeArgs {
  @Field(() => CreateQrCodeInput)
  input!: CreateQrCodeInput;

  @Field(() => ID, { nullable: true, description: "Operator only." })
  companyId?: string;
}

@ArgsType()
class QrCodeIdArgs {
  @Field(() => ID)
  id!: string;
}

@ArgsType()
class QrCodeListArgs extends PagingArgs {
  @Field(() => ID, { nullable: true, description: "Operator only: one account." })
  companyId?: string;
}

@ArgsType()
class SimulateQrCodePaymentArgs {
  @Field(() => ID)
  qrCodeId!: string;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: "What the payer sends; default the code's fixed amount (required for a code without one).",
  })
  amount?: bigint | null;

  @Field(() => String, { nullable: true })
  payerName?: string;

  @Field(() => String, { nullable: true })
  payerDocument?: string;
}

@ObjectType({ description: "What became of a simulated Pix to a static QR code, as the bank's notification would." })
class QrCodePaymentSimulation {
  @Field(() => String, { description: "CREDITED, or EXCEPTION (kept for review)." })
  outcome!: string;

  @Field(() => PaymentExceptionKind, { nullable: true })
  exceptionKind!: PaymentExceptionKind | null;

  @Field(() => Charge, { nullable: true, description: "The PAID charge it became; null for an exception." })
  charge!: Charge | null;
}

/** The QR code of the REST API, in CONTRACT §13's order. */
const QR_CODE_REST_FIELDS: RestAnswer = [
  "id",
  "pixCode",
  "description",
  "amount",
  "active",
  "paidCount",
  "paidTotal",
  "createdAt",
];

export const qrCodeOperations = [
  operation({
    name: "createQrCode",
    kind: "mutation",
    description:
      "A static QR code for the counter: paid any number of times, each Pix received with it a PAID charge of the account.",
    access: ["MERCHANT", "OPERATOR"],
    args: CreateQrCodeArgs,
    output: () => QrCode,
    rest: {
      method: "POST",
      path: "/qrcodes",
      status: 201,
      answer: QR_CODE_REST_FIELDS,
      errors: ["VALIDATION_ERROR"],
      summary:
        "Creates a static QR code (pix_code: the service's PIX key, the amount when fixed, the code's identifier in 62-05).",
      tag: "QR codes",
    },
    run: ({ input, companyId }, ctx, { qrCodes }) =>
      qrCodes.createQrCode(
        requireCompanyScope(ctx.principal, companyId),
        { description: input.description, amountCents: input.amount },
        ctx.audit,
      ),
  }),

  operation({
    name: "qrCodes",
    kind: "query",
    description: "Newest first, with each code's paid count and total.",
    access: "caller",
    args: QrCodeListArgs,
    output: () => QrCodePage,
    rest: {
      method: "GET",
      path: "/qrcodes",
      answer: [{ data: QR_CODE_REST_FIELDS }, "total", "limit", "offset"],
      args: ["limit", "offset"],
      errors: ["VALIDATION_ERROR"],
      summary: "The account's static QR codes, newest first (limit 1..100, default 20; offset from 0).",
      tag: "QR codes",
    },
    run: (args, ctx, { qrCodes }) =>
      qrCodes.listQrCodes(
        companyScope(ctx.principal, args.companyId),
        { limit: args.limit, offset: args.offset, first: args.first, after: args.after },
        ctx.signal,
      ),
  }),

  operation({
    name: "qrCode",
    kind: "query",
    access: "caller",
    args: QrCodeIdArgs,
    output: () => QrCode,
    rest: {
      method: "GET",
      path: "/qrcodes/:id",
      answer: QR_CODE_REST_FIELDS,
      errors: ["NOT_FOUND"],
      summary: "A static QR code of the account, with its paid count and total.",
      tag: "QR codes",
    },
    run: ({ id }, ctx, { qrCodes }) => qrCodes.getQrCode(companyScope(ctx.principal), id),
  }),

  operation({
    name: "deactivateQrCode",
    kind: "mutation",
    description:
      "Active -> inactive (409 INVALID_STATE otherwise): a Pix received with it afterwards is kept for review.",
    access: ["MERCHANT", "OPERATOR"],
    args: QrCodeIdArgs,
    output: () => QrCode,
    rest: {
      method: "POST",
      path: "/qrcodes/:id/deactivate",
      answer: QR_CODE_REST_FIELDS,
      errors: ["NOT_FOUND", "INVALID_STATE"],
      summary: "Deactivates a static QR code: a Pix received with it afterwards is not credited but kept for review.",
      tag: "QR codes",
    },
    run: ({ id }, ctx, { qrCodes }) => qrCodes.deactivateQrCode(companyScope(ctx.principal), id, ctx.audit),
  }),

  operation({
    name: "simulateQrCodePayment",
    kind: "mutation",
    description:
      "Sandbox: a payer pays a static QR code, received as the bank's notification would be (txid: the code's identifier). With a real bank: SANDBOX_ONLY.",
    access: ["OPERATOR"],
    sandboxOnly: true,
    args: SimulateQrCodePaymentArgs,
    output: () => QrCodePaymentSimulation,
    run: ({ qrCodeId, amount, payerName, payerDocument }, ctx, { qrCodes }) =>
      qrCodes.simulatePayment(qrCodeId, { amountCents: amount ?? null, payerName, payerDocument }, ctx.requestId),
  }),
];
