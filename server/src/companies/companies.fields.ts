import { Ctx, FieldResolver, Int, Resolver, Root } from "type-graphql";
import { describedActor } from "../audit/fields";
import type { RequestContext } from "../graphql/context";
import { loadInBatch } from "../graphql/request-batch";
import { AutoApproveLimitRequest } from "./auto-approve-limit-request.entity";
import { Company } from "./company.entity";

/** GraphQL's own fields of an account (REST answers plain fields only). */
@Resolver(() => Company)
export class CompanyFields {
  @FieldResolver(() => AutoApproveLimitRequest, {
    nullable: true,
    description:
      "A raise of autoApproveLimit above APPROVAL_SECOND_OPERATOR_ABOVE waiting for a second operator (confirmAutoApproveLimitRequest); null when none waits. Operators only: null for merchants.",
  })
  pendingAutoApproveLimitRequest(
    @Root() company: Company,
    @Ctx() ctx: RequestContext,
  ): Promise<AutoApproveLimitRequest | null> | null {
    if (ctx.principal?.kind !== "operator") return null;
    return ctx.services.companies.pendingLimitRaise(company.id);
  }

  @FieldResolver(() => Int, {
    description:
      "How many webhook endpoints the account has (CONTRACT §15), its own webhookUrl counted when set; read for a whole list at once.",
  })
  webhookEndpointCount(@Root() company: Company, @Ctx() ctx: RequestContext): Promise<number> {
    return loadInBatch(
      ctx,
      "webhookEndpointCounts",
      company.id,
      (ids) => ctx.services.webhookEndpoints.countEndpoints(ids),
      0,
    );
  }
}

/** GraphQL's own fields of a raise of the auto-approve limit. */
@Resolver(() => AutoApproveLimitRequest)
export class AutoApproveLimitRequestFields {
  @FieldResolver(() => String, { nullable: true, description: "The requesting operator's e-mail." })
  async requestedByEmail(@Root() request: AutoApproveLimitRequest, @Ctx() ctx: RequestContext): Promise<string | null> {
    return (await describedActor(ctx, request.requestedBy)).email;
  }

  @FieldResolver(() => String, { nullable: true, description: "The deciding operator's e-mail." })
  async decidedByEmail(@Root() request: AutoApproveLimitRequest, @Ctx() ctx: RequestContext): Promise<string | null> {
    return request.decidedBy === null ? null : (await describedActor(ctx, request.decidedBy)).email;
  }

  @FieldResolver(() => Boolean, { description: "Whether the viewer asked for this raise (then cannot confirm it)." })
  mine(@Root() request: AutoApproveLimitRequest, @Ctx() ctx: RequestContext): boolean {
    return ctx.principal !== null && request.requestedBy === ctx.principal.actor;
  }
}
