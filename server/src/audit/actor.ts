import { Field, ObjectType } from "type-graphql";
import type { DataSource } from "typeorm";
import { queryRows } from "../core/sql";

@ObjectType({
  description:
    "Who did something, for people: a console user's name and e-mail, an API credential's hint; the raw actor stays in `id`.",
})
export class Actor {
  @Field(() => String, {
    description: 'The raw actor, e.g. "operator:usr_…", "merchant:cred_…", "operator:token", "system:…", "provider".',
  })
  id!: string;

  @Field(() => String, { description: "OPERATOR, MERCHANT, SYSTEM, PROVIDER or ANONYMOUS." })
  kind!: string;

  @Field(() => String, {
    nullable: true,
    description:
      "A console user's name (their e-mail when they gave none); null for others, and for operators when a merchant reads.",
  })
  displayName!: string | null;

  @Field(() => String, { nullable: true, description: "A console user's e-mail; null as displayName is." })
  email!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "An API credential's (merchant:cred_…) secret hint, the start of its secret as the credentials page shows it.",
  })
  credentialHint!: string | null;
}

const KINDS: Record<string, string> = {
  operator: "OPERATOR",
  merchant: "MERCHANT",
  system: "SYSTEM",
  provider: "PROVIDER",
  anonymous: "ANONYMOUS",
};

/** The actor string's kind and the id after its prefix ("operator:usr_1" -> OPERATOR, usr_1). */
export function parseActor(actor: string): { kind: string; ref: string | null } {
  const colon = actor.indexOf(":");
  const prefix = colon === -1 ? actor : actor.slice(0, colon);
  return { kind: KINDS[prefix] ?? "SYSTEM", ref: colon === -1 ? null : actor.slice(colon + 1) };
}

/**
 * Names for many actors in one round trip (console users and API credentials in one
 * statement), for a page's timelines and logs. `viewerCompanyId` is the merchant reading
 * (null for operators): a merchant learns names of its own company's users and credentials
 * only, never an operator's.
 */
export async function describeActors(
  db: DataSource,
  actors: readonly string[],
  viewerCompanyId: string | null,
): Promise<Map<string, Actor>> {
  const parsed = [...new Set(actors)].map((actor) => ({ actor, ...parseActor(actor) }));
  const userIds = parsed.filter((p) => p.ref?.startsWith("usr_")).map((p) => p.ref as string);
  const credentialIds = parsed.filter((p) => p.ref?.startsWith("cred_")).map((p) => p.ref as string);
  const rows =
    userIds.length + credentialIds.length === 0
      ? []
      : await queryRows<{
          id: string;
          name: string | null;
          email: string | null;
          company_id: string | null;
          hint: string | null;
        }>(
          db,
          `SELECT id, name, email, company_id, NULL AS hint FROM console_users WHERE id = ANY($1::text[])
           UNION ALL
           SELECT id, NULL, NULL, company_id, secret_hint FROM client_credentials WHERE id = ANY($2::text[])`,
          [userIds, credentialIds],
        );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const described = new Map<string, Actor>();
  for (const { actor, kind, ref } of parsed) {
    const row = ref ? byId.get(ref) : undefined;
    const visible =
      row !== undefined && (viewerCompanyId === null || (kind === "MERCHANT" && row.company_id === viewerCompanyId));
    described.set(actor, {
      id: actor,
      kind,
      displayName: visible && row.email !== null ? row.name?.trim() || row.email : null,
      email: visible ? row.email : null,
      credentialHint: visible ? row.hint : null,
    });
  }
  return described;
}
