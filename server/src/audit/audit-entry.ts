import { GraphQLJSON } from "graphql-scalars";
import { Field, ID, ObjectType } from "type-graphql";

@ObjectType({ description: "One row of the append-only audit log." })
export class AuditEntry {
  @Field(() => ID)
  id!: string;

  @Field(() => Date)
  at!: Date;

  @Field(() => String, {
    description: '"operator:token", "operator:usr_…", "merchant:cred_…", "merchant:usr_…", "anonymous".',
  })
  actor!: string;

  @Field(() => String, { description: "OPERATOR, MERCHANT, ANONYMOUS (failed sign-ins) or SYSTEM." })
  actorKind!: string;

  @Field(() => String, { description: 'What was done, e.g. "withdrawal.approve", "session.sign_in_failed".' })
  action!: string;

  @Field(() => String, { description: 'The kind of object acted on, e.g. "withdrawal", "adjustment", "console_user".' })
  objectType!: string;

  @Field(() => ID, { nullable: true })
  objectId!: string | null;

  @Field(() => ID, { nullable: true })
  companyId!: string | null;

  @Field(() => String, { nullable: true })
  reason!: string | null;

  @Field(() => GraphQLJSON, { nullable: true, description: "The relevant fields before the action." })
  before!: unknown;

  @Field(() => GraphQLJSON, { nullable: true, description: "The relevant fields after the action." })
  after!: unknown;

  @Field(() => String, { nullable: true, description: "The client's address." })
  address!: string | null;

  @Field(() => String, { nullable: true })
  requestId!: string | null;
}

@ObjectType()
export class CursorPageInfo {
  @Field(() => String, { nullable: true, description: "Pass as `after` to read the next page." })
  endCursor!: string | null;

  @Field(() => Boolean)
  hasNextPage!: boolean;
}

@ObjectType({ description: "Newest first, keyset-paged (no total: the log only grows)." })
export class AuditLogPage {
  @Field(() => [AuditEntry])
  data!: AuditEntry[];

  @Field(() => CursorPageInfo)
  pageInfo!: CursorPageInfo;
}
