import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { Actor } from "../audit";
import { describedActor } from "../audit/fields";
import type { RequestContext } from "../graphql/context";
import { Adjustment } from "./adjustment.entity";
import { LedgerEntry, LedgerEntryKind } from "./ledger-entry.entity";

/** GraphQL's own fields of a ledger entry (REST answers plain fields only). */
@Resolver(() => LedgerEntry)
export class LedgerEntryFields {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      "A note on the movement. A hold's (CHARGE_RESERVED) is the operator's reason, written for operators: null for merchants.",
  })
  memo(@Root() entry: LedgerEntry, @Ctx() ctx: RequestContext): string | null {
    if (entry.kind === LedgerEntryKind.CHARGE_RESERVED && ctx.principal?.kind !== "operator") return null;
    return entry.memo;
  }
}

/** GraphQL's own fields of an adjustment. */
@Resolver(() => Adjustment)
export class AdjustmentFields {
  @FieldResolver(() => Actor, {
    description: "Who asked for it, described: a console user's name and e-mail (the raw requestedBy in its id).",
  })
  requestedByInfo(@Root() adjustment: Adjustment, @Ctx() ctx: RequestContext): Promise<Actor> {
    return describedActor(ctx, adjustment.createdBy);
  }
}
