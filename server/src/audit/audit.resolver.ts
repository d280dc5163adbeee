import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from "type-graphql";
import { companyScope } from "../auth/principal";
import type { RequestContext } from "../graphql/context";
import { Actor } from "./actor";
import type { AuditReader } from "./audit.service";
import { AuditEntry, AuditLogPage } from "./audit-entry";
import { describedActor } from "./described-actor";

/** A merchant reads only its own people's client addresses (see AuditService). */
const readerOf = (ctx: RequestContext): AuditReader => (ctx.principal?.kind === "merchant" ? "merchant" : "operator");

@Resolver()
export class AuditResolver {
  @Authorized("VIEWER", "MERCHANT_ADMIN")
  @Query(() => AuditLogPage, {
    description:
      "The audit log, newest first. Operators see every row; a merchant ADMIN sees its company's rows, with client addresses of its own people only (an operator's is null).",
  })
  auditLog(
    @Ctx() ctx: RequestContext,
    @Arg("actor", () => String, { nullable: true }) actor?: string,
    @Arg("action", () => String, { nullable: true }) action?: string,
    @Arg("objectType", () => String, { nullable: true }) objectType?: string,
    @Arg("objectId", () => ID, { nullable: true }) objectId?: string,
    @Arg("companyId", () => ID, { nullable: true }) companyId?: string,
    @Arg("from", () => Date, { nullable: true, description: "Rows at or after this time." }) from?: Date,
    @Arg("to", () => Date, { nullable: true, description: "Rows before this time." }) to?: Date,
    @Arg("first", () => Int, { nullable: true, description: "1 to 200, default 50." }) first?: number,
    @Arg("after", () => String, { nullable: true, description: "pageInfo.endCursor of the page before." })
    after?: string,
  ) {
    return ctx.services.audit.list(
      companyScope(ctx.principal, companyId),
      { actor, action, objectType, objectId, from, to, first, after },
      readerOf(ctx),
    );
  }

  @Authorized("VIEWER", "MERCHANT_ADMIN")
  @Query(() => [AuditEntry], { description: "One object's audit timeline, oldest first (at most 1,000 rows)." })
  auditTrail(
    @Arg("objectType", () => String) objectType: string,
    @Arg("objectId", () => ID) objectId: string,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.audit.trail(companyScope(ctx.principal), objectType, objectId, readerOf(ctx));
  }
}

@Resolver(() => AuditEntry)
export class AuditEntryFieldsResolver {
  @FieldResolver(() => Actor, {
    description:
      "The actor for people: a console user's name and e-mail, an API credential's hint (the raw id in actorInfo.id).",
  })
  actorInfo(@Root() entry: AuditEntry, @Ctx() ctx: RequestContext): Promise<Actor> {
    return describedActor(ctx, entry.actor);
  }
}
