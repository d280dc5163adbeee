import type { RequestContext } from "../graphql/context";
import { loadInBatch } from "../graphql/request-batch";
import { type Actor, parseActor } from "./actor";

/**
 * The actor of one row, described with every other actor the same GraphQL request asks for
 * (one statement per request, not one per row).
 */
export async function describedActor(ctx: RequestContext, actor: string): Promise<Actor> {
  const viewerCompanyId = ctx.principal?.kind === "merchant" ? ctx.principal.companyId : null;
  const found = await loadInBatch(
    ctx,
    "actors",
    actor,
    (actors) => ctx.services.audit.describeActors(actors, viewerCompanyId),
    null as Actor | null,
  );
  return found ?? { id: actor, kind: parseActor(actor).kind, displayName: null, email: null, credentialHint: null };
}
