import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { RequestContext } from "../graphql/context";
import { Charge } from "./charge.entity";

/** GraphQL's own fields of a charge (REST answers plain fields only). */
@Resolver(() => Charge)
export class ChargeFields {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      "Why an operator holds the charge: written for operators, so null for merchants (they see only that it is held).",
  })
  reservedReason(@Root() charge: Charge, @Ctx() ctx: RequestContext): string | null {
    return ctx.principal?.kind === "operator" ? charge.reservedReason : null;
  }
}
