import { ArgsType, Field, ID, ObjectType } from "type-graphql";
import { companyScope } from "../auth/model";
import { PageOf, PagingArgs } from "../graphql/page";
import { MoneyScalar } from "../graphql/scalars";
import { declareOperations } from "../operation";
import { Dispute, DisputeNature, DisputeStatus } from "./dispute.entity";
import { type DisputesService, sandboxBankFor } from "./disputes.service";

interface DisputeServices {
  disputes: DisputesService;
}

const { operation } = declareOperations<DisputeServices>();

@ObjectType()
class DisputePage extends PageOf(Dispute) {}

@ArgsType()
class DisputeListArgs extends PagingArgs {
  @Field(() => DisputeStatus, { nullable: true })
  status?: DisputeStatus;

  @Field(() => ID, { nullable: true, description: "Operator only: one account." })
  companyId?: string;
}

@ArgsType()
class DisputeIdArgs {
  @Field(() => ID)
  id!: string;
}

@ArgsType()
class ChargeDisputesArgs {
  @Field(() => ID)
  chargeId!: string;
}

@ArgsType()
class DisputeStatementArgs {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "1 to 2000 characters." })
  statement!: string;
}

@ArgsType()
class CloseDisputeArgs {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true, description: "At most 500 characters; kept in the ledger entry." })
  note?: string;
}

@ArgsType()
class SimulateDisputeArgs {
  @Field(() => ID, { description: '"K7Q2M9XA" or "chg_K7Q2M9XA".' })
  chargeId!: string;

  @Field(() => DisputeNature)
  nature!: DisputeNature;

  @Field(() => MoneyScalar, { nullable: true, description: "Default: all that is still refundable." })
  amount?: bigint | null;

  @Field(() => String, { nullable: true, description: "The notification's id; default a new one." })
  reportId?: string | null;

  @Field(() => String, { nullable: true, description: "What the payer's bank reports." })
  description?: string | null;
}

/** The Dispute object of the REST API (snake_case there), in this order. */
const DISPUTE_REST_FIELDS = [
  "id",
  "chargeId",
  "nature",
  "amount",
  "heldAmount",
  "status",
  "outcome",
  "description",
  "merchantStatement",
  "contestStatement",
  "refundId",
  "returnFailureReason",
  "openedAt",
  "deadlineAt",
  "decidedAt",
  "closedAt",
  "updatedAt",
] as const;

export const disputeOperations = [
  operation({
    name: "disputes",
    kind: "query",
    description: "MED disputes, nearest deadline first; a merchant sees its own, an operator all (or one account's).",
    access: "caller",
    args: DisputeListArgs,
    output: () => DisputePage,
    rest: {
      method: "GET",
      path: "/disputes",
      answer: [{ data: DISPUTE_REST_FIELDS }, "total", "limit", "offset"],
      args: ["status", "limit", "offset"],
      errors: ["VALIDATION_ERROR"],
      summary: "The account's MED disputes, nearest deadline first (limit 1..100, default 20; offset from 0).",
      tag: "Disputes",
    },
    // The filter is written field by field, not spread from the arguments (see PagingArgs).
    run: (args, ctx, { disputes }) =>
      disputes.listDisputes(companyScope(ctx.principal, args.companyId), {
        limit: args.limit,
        offset: args.offset,
        first: args.first,
        after: args.after,
        status: args.status ?? null,
      }),
  }),

  operation({
    name: "dispute",
    kind: "query",
    access: "caller",
    args: DisputeIdArgs,
    output: () => Dispute,
    rest: {
      method: "GET",
      path: "/disputes/:id",
      answer: DISPUTE_REST_FIELDS,
      errors: ["NOT_FOUND"],
      summary: "A MED dispute of the account.",
      tag: "Disputes",
    },
    run: ({ id }, ctx, { disputes }) => disputes.getDispute(companyScope(ctx.principal), id),
  }),

  operation({
    name: "chargeDisputes",
    kind: "query",
    description: "The charge's MED disputes, oldest first.",
    access: "caller",
    args: ChargeDisputesArgs,
    output: () => [Dispute],
    run: ({ chargeId }, ctx, { disputes }) => disputes.disputesOfCharge(companyScope(ctx.principal), chargeId),
  }),

  operation({
    name: "acceptDispute",
    kind: "mutation",
    description:
      "Accepts the claim: the held amount is returned to the payer by a devolução of the dispute's MED nature (a refund); when the bank returns it itself (returnedByBank), the bank is answered, nothing is sent, and the amount stays held until the bank's decision. As a refund: above what the operator may move alone (APPROVAL_SECOND_OPERATOR_ABOVE, over its window) the first acceptance is recorded (acceptRequestedBy, still OPEN) and a second, different operator's accepts it; above the threshold a console user with a second factor steps up first (STEP_UP_REQUIRED).",
    access: ["OPERATOR"],
    stepUp: { amountAbove: "second operator", stored: "disputes", id: ({ id }) => id },
    args: DisputeIdArgs,
    output: () => Dispute,
    run: ({ id }, ctx, { disputes }) => disputes.acceptDispute(id, ctx),
  }),

  operation({
    name: "contestDispute",
    kind: "mutation",
    description: "Contests the claim with a statement: REJECTED, still held until closed.",
    access: ["OPERATOR"],
    args: DisputeStatementArgs,
    output: () => Dispute,
    run: ({ id, statement }, ctx, { disputes }) => disputes.contestDispute(id, statement, ctx),
  }),

  operation({
    name: "closeDispute",
    kind: "mutation",
    description:
      "Ends an OPEN or REJECTED dispute without a devolução: CLOSED, the hold returns to the balance. Not for a claim the bank decides and returns itself (returnedByBank: INVALID_STATE); its decision closes it.",
    access: ["OPERATOR"],
    args: CloseDisputeArgs,
    output: () => Dispute,
    run: ({ id, note }, ctx, { disputes }) => disputes.closeDispute(id, note ?? null, ctx),
  }),

  operation({
    name: "submitDisputeStatement",
    kind: "mutation",
    description: "The merchant's account of the payment, while the dispute is OPEN.",
    access: ["MERCHANT"],
    // The merchant's statement is audited too.
    audit: "every caller",
    args: DisputeStatementArgs,
    output: () => Dispute,
    run: ({ id, statement }, ctx, { disputes }) =>
      disputes.submitStatement(companyScope(ctx.principal), id, statement, ctx),
  }),

  operation({
    name: "simulateDispute",
    kind: "mutation",
    description:
      "Sandbox: the payer's bank notifies a MED infraction on a PAID charge, as a real PSP would; the same reportId again answers the same dispute. With a real bank: SANDBOX_ONLY.",
    access: ["OPERATOR"],
    sandboxOnly: true,
    args: SimulateDisputeArgs,
    output: () => Dispute,
    run: async ({ chargeId, nature, amount, reportId, description }, ctx, { disputes }) => {
      // The sandbox's bank opens it (its history actor), on the operator's audit context.
      const { dispute } = await disputes.openDispute(
        { chargeId, amountCents: amount ?? null, nature, reportId: reportId ?? null, description: description ?? null },
        sandboxBankFor(ctx),
      );
      return dispute;
    },
  }),
];
