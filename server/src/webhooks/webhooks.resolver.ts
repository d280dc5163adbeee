import { Arg, Args, Authorized, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import { requestAudit } from "../audit/audit";
import { companyScope, requireCompanyScope } from "../auth/principal";
import type { RequestContext } from "../graphql/context";
import { PageOf, PagingArgs } from "../graphql/page";
import { WebhookDeliveryStatus, WebhookEvent } from "./webhook-event.entity";
import { REDELIVER_BATCH_MAX } from "./webhooks.service";

@ObjectType({ description: "Where the account's webhooks go and which secret signs them." })
class WebhookSettings {
  @Field(() => ID)
  companyId!: string;

  @Field(() => String, { nullable: true })
  url!: string | null;

  @Field(() => String, { description: "The first characters of the signing secret." })
  secretHint!: string;
}

@ObjectType({ description: "The new signing secret: shown only in this response." })
class RotatedWebhookSecret {
  @Field(() => String)
  webhookSecret!: string;

  @Field(() => WebhookSettings)
  settings!: WebhookSettings;
}

@ObjectType()
class WebhookDeliveryPage extends PageOf(WebhookEvent) {}

const companyIdArg = { nullable: true, description: "Operator only: the account." } as const;

@ObjectType({ description: "What a bulk redelivery sent again." })
class RedeliveredWebhooks {
  @Field(() => Int)
  count!: number;

  @Field(() => [ID])
  eventIds!: string[];
}

@Resolver()
export class WebhooksResolver {
  @Authorized()
  @Query(() => WebhookSettings)
  webhookSettings(@Ctx() ctx: RequestContext, @Arg("companyId", () => ID, companyIdArg) companyId?: string) {
    return ctx.services.webhooks.getSettings(requireCompanyScope(ctx.principal, companyId));
  }

  @Authorized("MERCHANT_ADMIN", "ADMIN")
  @Mutation(() => WebhookSettings, { description: "Sets the webhook URL (http or https); null removes it." })
  updateWebhookSettings(
    @Arg("url", () => String, { nullable: true }) url: string | null,
    @Ctx() ctx: RequestContext,
    @Arg("companyId", () => ID, companyIdArg) companyId?: string,
  ) {
    return ctx.services.webhooks.updateSettings(
      requireCompanyScope(ctx.principal, companyId),
      url ?? null,
      requestAudit(ctx),
    );
  }

  @Authorized("MERCHANT_ADMIN", "ADMIN")
  @Mutation(() => RotatedWebhookSecret, { description: "Events created from now on are signed with the new secret." })
  rotateWebhookSecret(@Ctx() ctx: RequestContext, @Arg("companyId", () => ID, companyIdArg) companyId?: string) {
    return ctx.services.webhooks.rotateSecret(requireCompanyScope(ctx.principal, companyId), requestAudit(ctx));
  }

  @Authorized("MERCHANT_ADMIN", "OPERATOR")
  @Mutation(() => WebhookEvent, { description: "Sends a `ping` event to the webhook URL." })
  sendTestWebhook(@Ctx() ctx: RequestContext, @Arg("companyId", () => ID, companyIdArg) companyId?: string) {
    return ctx.services.webhooks.sendTestWebhook(
      requireCompanyScope(ctx.principal, companyId),
      requestAudit(ctx),
      ctx.request.id,
    );
  }

  @Authorized()
  @Query(() => WebhookDeliveryPage, { description: "Events sent to merchants with every attempt, newest first." })
  webhookDeliveries(
    @Ctx() ctx: RequestContext,
    @Args(() => PagingArgs) paging: PagingArgs,
    @Arg("companyId", () => ID, { nullable: true, description: "Operator only: one account." }) companyId?: string,
    @Arg("event", () => String, { nullable: true, description: "charge.paid, withdrawal.pending, ..., ping" })
    event?: string,
    @Arg("status", () => WebhookDeliveryStatus, { nullable: true }) status?: WebhookDeliveryStatus,
    @Arg("subjectId", () => ID, {
      nullable: true,
      description: "Only the events of one charge (id or chg_ id) or withdrawal: a detail page's timeline.",
    })
    subjectId?: string,
  ) {
    return ctx.services.webhooks.listDeliveries(
      companyScope(ctx.principal, companyId),
      {
        limit: paging.limit,
        offset: paging.offset,
        first: paging.first,
        after: paging.after,
        event,
        status,
        subjectId,
      },
      ctx.request?.signal,
    );
  }

  @Authorized("OPERATOR", "MERCHANT_ADMIN")
  @Mutation(() => WebhookEvent, {
    description: "Sends an event again, as a new attempt with the same body. A merchant ADMIN redelivers its own.",
  })
  redeliverWebhook(@Arg("eventId", () => ID) eventId: string, @Ctx() ctx: RequestContext) {
    return ctx.services.webhooks.redeliver(companyScope(ctx.principal), eventId, requestAudit(ctx), ctx.request.id);
  }

  @Authorized("OPERATOR", "MERCHANT_ADMIN")
  @Mutation(() => RedeliveredWebhooks, {
    description: `Sends FAILED deliveries again, oldest first, at most max (1 to ${REDELIVER_BATCH_MAX}) per call: one account's (a merchant ADMIN naming another account is FORBIDDEN), or every account's for an operator who names none. An audit row per event.`,
  })
  async redeliverFailedWebhooks(
    @Ctx() ctx: RequestContext,
    @Arg("companyId", () => ID, { nullable: true, description: "Operators: one account (default every one)." })
    companyId?: string,
    @Arg("max", () => Int, { defaultValue: REDELIVER_BATCH_MAX }) max?: number,
  ): Promise<RedeliveredWebhooks> {
    const eventIds = await ctx.services.webhooks.redeliverFailed(
      companyScope(ctx.principal, companyId),
      max ?? REDELIVER_BATCH_MAX,
      requestAudit(ctx),
      ctx.request.id,
    );
    return { count: eventIds.length, eventIds };
  }
}
