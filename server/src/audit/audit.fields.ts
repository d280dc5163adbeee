import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { RequestContext } from "../graphql/context";
import { Actor } from "./actor";
import { AuditEntry } from "./audit-entry";
import { describedActor } from "./described-actor";

/** GraphQL's computed field of an audit row: who the actor is, described. */
@Resolver(() => AuditEntry)
export class AuditEntryFields {
  @FieldResolver(() => Actor, {
    description:
      "The actor for people: a console user's name and e-mail, an API credential's hint (the raw id in actorInfo.id).",
  })
  actorInfo(@Root() entry: AuditEntry, @Ctx() ctx: RequestContext): Promise<Actor> {
    return describedActor(ctx, entry.actor);
  }
}
