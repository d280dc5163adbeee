import { Ctx, Field, FieldResolver, Int, ObjectType, Resolver, Root } from "type-graphql";
import { Actor } from "../audit";
import { describedActor } from "../audit/fields";
import type { RequestContext } from "../graphql/context";
import { loadInBatch } from "../graphql/request-batch";
import { notYetSent } from "./payout-schedule";
import { RecipientWarning, recipientWarningsOf } from "./recipient-warnings";
import { Withdrawal, WithdrawalStatus } from "./withdrawal.entity";
import { WithdrawalTransition } from "./withdrawal-transition.entity";

@ObjectType({ description: "One operator's approval of a withdrawal." })
export class WithdrawalApproval {
  @Field(() => String, { description: '"operator:usr_…" or "operator:token".' })
  operator!: string;

  @Field(() => String, { nullable: true, description: "The operator's e-mail; null for the operator token." })
  operatorEmail!: string | null;

  @Field(() => Date)
  at!: Date;
}

/** Who approved, described (the second approver is told who approved first). */
@Resolver(() => WithdrawalApproval)
export class WithdrawalApprovalFields {
  @FieldResolver(() => Actor, { description: "The approver, described: a console user's name and e-mail." })
  operatorInfo(@Root() approval: WithdrawalApproval, @Ctx() ctx: RequestContext): Promise<Actor> {
    return describedActor(ctx, approval.operator);
  }
}

/** GraphQL's own fields of a withdrawal (REST answers plain fields only). */
@Resolver(() => Withdrawal)
export class WithdrawalFields {
  @FieldResolver(() => [WithdrawalApproval], { description: "Operators' approvals, oldest first." })
  approvals(@Root() withdrawal: Withdrawal, @Ctx() ctx: RequestContext) {
    return loadInBatch(
      ctx,
      "withdrawalApprovals",
      withdrawal.id,
      (ids) => ctx.services.withdrawalApprovals.listApprovals(ids),
      [],
    );
  }

  @FieldResolver(() => [RecipientWarning], {
    description:
      "What an operator should look at before approving: the bank's holder name does not look like the declared name (NAME_MISMATCH), or its document is not the declared one (DOCUMENT_MISMATCH). Empty when they agree or the holder is not known yet.",
  })
  recipientWarnings(@Root() withdrawal: Withdrawal): RecipientWarning[] {
    return recipientWarningsOf(withdrawal);
  }

  @FieldResolver(() => Int, {
    description:
      "Different operators whose approval it needs: 2 above APPROVAL_SECOND_OPERATOR_ABOVE, and 2 once a first approval was not enough alone (the approver's amount over the window, or the operator who created it on the merchant's behalf); else 1.",
  })
  async approvalsRequired(@Root() withdrawal: Withdrawal, @Ctx() ctx: RequestContext) {
    const approvals = ctx.services.withdrawalApprovals.makerCheckerOn ? await this.approvals(withdrawal, ctx) : [];
    return ctx.services.withdrawalApprovals.approvalsRequired(
      withdrawal.amountCents,
      withdrawal.status,
      approvals.length,
    );
  }

  @FieldResolver(() => Boolean, {
    description:
      "Whether cancelWithdrawal takes it now: PENDING, or an approved scheduled payout not yet sent to the bank.",
  })
  cancellable(@Root() withdrawal: Withdrawal): boolean {
    return (
      withdrawal.status === WithdrawalStatus.PENDING ||
      (withdrawal.status === WithdrawalStatus.PROCESSING && notYetSent(withdrawal))
    );
  }

  @FieldResolver(() => Boolean, {
    description:
      "True when an operator rejected it (rejectWithdrawal): CANCELLED with the operator's reason. False for a cancellation (cancelWithdrawal, by the merchant or an operator) and for every other status.",
  })
  async rejected(@Root() withdrawal: Withdrawal, @Ctx() ctx: RequestContext): Promise<boolean> {
    if (withdrawal.status !== WithdrawalStatus.CANCELLED) return false;
    return loadInBatch(
      ctx,
      "withdrawalRejected",
      withdrawal.id,
      (ids) => ctx.services.withdrawalApprovals.rejectedAmong(ids),
      false,
    );
  }
}

@Resolver(() => WithdrawalTransition)
export class WithdrawalTransitionFields {
  @FieldResolver(() => Actor, {
    description:
      "The actor for people: a console user's name and e-mail, an API credential's hint; operators' names only for operators.",
  })
  actorInfo(@Root() transition: WithdrawalTransition, @Ctx() ctx: RequestContext): Promise<Actor> {
    return describedActor(ctx, transition.actor);
  }
}
