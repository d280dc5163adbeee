import { ArgsType, Field, ID, Int } from "type-graphql";
import { companyScope } from "../auth/model";
import { declareOperations, type OperationContext } from "../operation";
import type { AuditReader, AuditService } from "./audit.service";
import { AuditEntry, AuditLogPage } from "./audit-entry";

interface AuditServices {
  audit: AuditService;
}

const { operation } = declareOperations<AuditServices>();

/** A merchant reads only its own people's client addresses (see AuditService). */
const readerOf = (ctx: OperationContext): AuditReader => (ctx.principal?.kind === "merchant" ? "merchant" : "operator");

@ArgsType()
class AuditLogArgs {
  @Field(() => String, { nullable: true })
  actor?: string;

  @Field(() => String, { nullable: true })
  action?: string;

  @Field(() => String, { nullable: true })
  objectType?: string;

  @Field(() => ID, { nullable: true })
  objectId?: string;

  @Field(() => ID, { nullable: true })
  companyId?: string;

  @Field(() => Date, { nullable: true, description: "Rows at or after this time." })
  from?: Date;

  @Field(() => Date, { nullable: true, description: "Rows before this time." })
  to?: Date;

  @Field(() => Int, { nullable: true, description: "1 to 200, default 50." })
  first?: number;

  @Field(() => String, { nullable: true, description: "pageInfo.endCursor of the page before." })
  after?: string;
}

@ArgsType()
class AuditTrailArgs {
  @Field(() => String)
  objectType!: string;

  @Field(() => ID)
  objectId!: string;
}

export const auditOperations = [
  operation({
    name: "auditLog",
    kind: "query",
    description:
      "The audit log, newest first. Operators see every row; a merchant ADMIN sees its company's rows, with client addresses of its own people only (an operator's is null).",
    access: ["VIEWER", "MERCHANT_ADMIN"],
    args: AuditLogArgs,
    output: () => AuditLogPage,
    run: (args, ctx, { audit }) =>
      audit.list(
        companyScope(ctx.principal, args.companyId),
        {
          actor: args.actor,
          action: args.action,
          objectType: args.objectType,
          objectId: args.objectId,
          from: args.from,
          to: args.to,
          first: args.first,
          after: args.after,
        },
        readerOf(ctx),
      ),
  }),

  operation({
    name: "auditTrail",
    kind: "query",
    description: "One object's audit timeline, oldest first (at most 1,000 rows).",
    access: ["VIEWER", "MERCHANT_ADMIN"],
    args: AuditTrailArgs,
    output: () => [AuditEntry],
    run: ({ objectType, objectId }, ctx, { audit }) =>
      audit.trail(companyScope(ctx.principal), objectType, objectId, readerOf(ctx)),
  }),
];
