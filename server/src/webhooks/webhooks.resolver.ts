import { Arg, Authorized, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import { companyScope, requireCompanyScope } from "../auth/principal";
import type { RequestContext } from "../graphql/context";
import { PageOf } from "../graphql/page";
import { WebhookDeliveryStatus, WebhookEvent } from "./webhook-event.entity";

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

@Resolver()
export class WebhooksResolver {
  @Authorized()
  @Query(() => WebhookSettings)
  webhookSettings(@Ctx() ctx: RequestContext, @Arg("companyId", () => ID, companyIdArg) companyId?: string) {
    return ctx.services.webhooks.getSettings(requireCompanyScope(ctx.principal, companyId));
  }

  @Authorized()
  @Mutation(() => WebhookSettings, { description: "Sets the webhook URL (http or https); null removes it." })
  updateWebhookSettings(
    @Arg("url", () => String, { nullable: true }) url: string | null,
    @Ctx() ctx: RequestContext,
    @Arg("companyId", () => ID, companyIdArg) companyId?: string,
  ) {
    return ctx.services.webhooks.updateSettings(requireCompanyScope(ctx.principal, companyId), url ?? null);
  }

  @Authorized()
  @Mutation(() => RotatedWebhookSecret, { description: "Events created from now on are signed with the new secret." })
  rotateWebhookSecret(@Ctx() ctx: RequestContext, @Arg("companyId", () => ID, companyIdArg) companyId?: string) {
    return ctx.services.webhooks.rotateSecret(requireCompanyScope(ctx.principal, companyId));
  }

  @Authorized()
  @Mutation(() => WebhookEvent, { description: "Sends a `ping` event to the webhook URL." })
  sendTestWebhook(@Ctx() ctx: RequestContext, @Arg("companyId", () => ID, companyIdArg) companyId?: string) {
    return ctx.services.webhooks.sendTestWebhook(requireCompanyScope(ctx.principal, companyId));
  }

  @Authorized()
  @Query(() => WebhookDeliveryPage, { description: "Events sent to merchants with every attempt, newest first." })
  webhookDeliveries(
    @Ctx() ctx: RequestContext,
    @Arg("companyId", () => ID, { nullable: true, description: "Operator only: one account." }) companyId?: string,
    @Arg("event", () => String, { nullable: true, description: "charge.paid, withdrawal.pending, ..., ping" })
    event?: string,
    @Arg("status", () => WebhookDeliveryStatus, { nullable: true }) status?: WebhookDeliveryStatus,
    @Arg("limit", () => Int, { nullable: true }) limit?: number,
    @Arg("offset", () => Int, { nullable: true }) offset?: number,
  ) {
    return ctx.services.webhooks.listDeliveries(companyScope(ctx.principal, companyId), {
      event,
      status,
      limit,
      offset,
    });
  }

  @Authorized("OPERATOR")
  @Mutation(() => WebhookEvent, { description: "Sends an event again, as a new attempt with the same body." })
  redeliverWebhook(@Arg("eventId", () => ID) eventId: string, @Ctx() ctx: RequestContext) {
    return ctx.services.webhooks.redeliver(null, eventId);
  }
}
