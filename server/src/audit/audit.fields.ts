import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { RequestContext } from "../graphql/context";
import { Actor } from "./actor";
import { AuditEntry } from "./audit-entry";
import { describedActor } from "./described-actor";

/** A console user's or an API credential's actor id, as audit rows' fields hold them (requestedBy, confirmedBy…). */
const NAMED_ACTOR = /^(operator|merchant):(usr|cred)_[A-Za-z0-9]+$/;
/** Enough for any row's fields (an approval lists a handful of operators); more are left as ids. */
const MAX_NAMED_ACTORS = 20;

/** The actor ids a row's before and after hold, at any depth, each once. */
export function actorsNamedIn(...values: unknown[]): string[] {
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (found.size >= MAX_NAMED_ACTORS) return;
    if (typeof value === "string") {
      if (NAMED_ACTOR.test(value)) found.add(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === "object") Object.values(value).forEach(walk);
  };
  values.forEach(walk);
  return [...found];
}

/** GraphQL's computed fields of an audit row: who the actor is, and who the actors its fields name are, described. */
@Resolver(() => AuditEntry)
export class AuditEntryFields {
  @FieldResolver(() => Actor, {
    description:
      "The actor for people: a console user's name and e-mail, an API credential's hint (the raw id in actorInfo.id).",
  })
  actorInfo(@Root() entry: AuditEntry, @Ctx() ctx: RequestContext): Promise<Actor> {
    return describedActor(ctx, entry.actor);
  }

  @FieldResolver(() => [Actor], {
    description:
      "The people and credentials the row's before and after name by actor id (requestedBy, confirmedBy, decidedBy, approvals…), described as actorInfo is, so that a reader sees names, not ids.",
  })
  namedActors(@Root() entry: AuditEntry, @Ctx() ctx: RequestContext): Promise<Actor[]> {
    return Promise.all(actorsNamedIn(entry.before, entry.after).map((actor) => describedActor(ctx, actor)));
  }
}
