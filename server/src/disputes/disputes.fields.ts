import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { RequestContext } from "../graphql/context";
import { Dispute } from "./dispute.entity";

/** GraphQL's own fields of a dispute (REST answers plain fields only). */
@Resolver(() => Dispute)
export class DisputeFields {
  @FieldResolver(() => Boolean, {
    description:
      "True when the bank that notified the claim returns the held amount itself once it is accepted (Efí's MED): accepting answers the bank and sends no devolução; the dispute is then ACCEPTED, still held, with no refund until the bank's decision is read back.",
  })
  returnedByBank(@Root() dispute: Dispute, @Ctx() ctx: RequestContext): boolean {
    return ctx.services.disputes.returnedByBank(dispute);
  }
}
