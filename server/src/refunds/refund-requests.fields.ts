import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { describedActor } from "../audit/fields";
import type { RequestContext } from "../graphql/context";
import { RefundRequest } from "./refund-request.entity";

/** GraphQL's own fields of an operator's refund request. */
@Resolver(() => RefundRequest)
export class RefundRequestFields {
  @FieldResolver(() => String, { nullable: true, description: "The requesting operator's e-mail." })
  async requestedByEmail(@Root() request: RefundRequest, @Ctx() ctx: RequestContext): Promise<string | null> {
    return (await describedActor(ctx, request.requestedBy)).email;
  }

  @FieldResolver(() => String, { nullable: true, description: "The deciding operator's e-mail." })
  async decidedByEmail(@Root() request: RefundRequest, @Ctx() ctx: RequestContext): Promise<string | null> {
    return request.decidedBy === null ? null : (await describedActor(ctx, request.decidedBy)).email;
  }

  @FieldResolver(() => Boolean, { description: "Whether the viewer made this request (then cannot confirm it)." })
  mine(@Root() request: RefundRequest, @Ctx() ctx: RequestContext): boolean {
    return ctx.principal !== null && request.requestedBy === ctx.principal.actor;
  }
}
