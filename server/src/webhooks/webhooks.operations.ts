import { ArgsType, Field, ID, Int, ObjectType } from "type-graphql";
import { companyScope, requireCompanyScope } from "../auth/principal";
import { PageOf, PagingArgs } from "../graphql/page";
import { declareOperations } from "../operation/operation";
import { WebhookDeliveryStatus, WebhookEvent } from "./webhook-event.entity";
import { REDELIVER_BATCH_MAX, type WebhooksService } from "./webhooks.service";

interface WebhookServices {
  webhooks: WebhooksService;
}

const { operation } = declareOperations<WebhookServices>();

@ObjectType({ description: "Where the account's webhooks go and which secret signs them." })
class WebhookSettings {
  @Field(() => ID)
  companyId!: string;

  @Field(() => String, { nullable: true })
  url!: string | null;

  @Field(() => String, { description: "The first characters of the signing secret." })
  secretHint!: string;

  @Field(() => Boolean, {
    description:
      "An older secret in base64url, which the Standard Webhooks libraries refuse: revealStandardWebhookSecret gives the same bytes in standard base64.",
  })
  secretIsBase64url!: boolean;
}

@ObjectType({ description: "The signing secret in standard base64, for a Standard Webhooks library." })
class StandardWebhookSecret {
  @Field(() => String)
  standardBase64Secret!: string;
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

@ObjectType({ description: "What a bulk redelivery sent again." })
class RedeliveredWebhooks {
  @Field(() => Int)
  count!: number;

  @Field(() => [ID])
  eventIds!: string[];
}

@ArgsType()
class AccountArgs {
  @Field(() => ID, { nullable: true, description: "Operator only: the account." })
  companyId?: string;
}

@ArgsType()
class UpdateWebhookSettingsArgs extends AccountArgs {
  @Field(() => String, { nullable: true })
  url!: string | null;
}

@ArgsType()
class WebhookDeliveriesArgs extends PagingArgs {
  @Field(() => ID, { nullable: true, description: "Operator only: one account." })
  companyId?: string;

  @Field(() => String, { nullable: true, description: "charge.paid, withdrawal.pending, ..., ping" })
  event?: string;

  @Field(() => WebhookDeliveryStatus, { nullable: true })
  status?: WebhookDeliveryStatus;

  @Field(() => ID, {
    nullable: true,
    description: "Only the events of one charge (id or chg_ id) or withdrawal: a detail page's timeline.",
  })
  subjectId?: string;
}

@ArgsType()
class WebhookEventIdArgs {
  @Field(() => ID)
  eventId!: string;
}

@ArgsType()
class RedeliverFailedWebhooksArgs {
  @Field(() => ID, { nullable: true, description: "Operators: one account (default every one)." })
  companyId?: string;

  @Field(() => Int, { defaultValue: REDELIVER_BATCH_MAX })
  max?: number;
}

export const webhookOperations = [
  operation({
    name: "webhookSettings",
    kind: "query",
    access: "caller",
    args: AccountArgs,
    output: () => WebhookSettings,
    run: ({ companyId }, ctx, { webhooks }) => webhooks.getSettings(requireCompanyScope(ctx.principal, companyId)),
  }),

  operation({
    name: "updateWebhookSettings",
    kind: "mutation",
    description:
      "Sets the webhook URL (http or https); null removes it. Where the account's events go: steps up first (STEP_UP_REQUIRED).",
    access: ["MERCHANT_ADMIN", "ADMIN"],
    stepUp: "always",
    audit: "every caller",
    args: UpdateWebhookSettingsArgs,
    output: () => WebhookSettings,
    run: ({ url, companyId }, ctx, { webhooks }) =>
      webhooks.updateSettings(requireCompanyScope(ctx.principal, companyId), url ?? null, ctx.audit),
  }),

  operation({
    name: "rotateWebhookSecret",
    kind: "mutation",
    description:
      "Events created from now on are signed with the new secret. Whoever holds it can sign events the merchant trusts: steps up first (STEP_UP_REQUIRED).",
    access: ["MERCHANT_ADMIN", "ADMIN"],
    stepUp: "always",
    audit: "every caller",
    args: AccountArgs,
    output: () => RotatedWebhookSecret,
    run: ({ companyId }, ctx, { webhooks }) =>
      webhooks.rotateSecret(requireCompanyScope(ctx.principal, companyId), ctx.audit),
  }),

  operation({
    name: "revealStandardWebhookSecret",
    kind: "mutation",
    description:
      "The signing secret in standard base64 (the same bytes as an older base64url secret), for a Standard Webhooks library. Shows the secret: steps up first (STEP_UP_REQUIRED).",
    access: ["MERCHANT_ADMIN", "ADMIN"],
    stepUp: "always",
    audit: "every caller",
    args: AccountArgs,
    output: () => StandardWebhookSecret,
    run: async ({ companyId }, ctx, { webhooks }) => ({
      standardBase64Secret: await webhooks.revealStandardSecret(
        requireCompanyScope(ctx.principal, companyId),
        ctx.audit,
      ),
    }),
  }),

  operation({
    name: "sendTestWebhook",
    kind: "mutation",
    description: "Sends a `ping` event to the webhook URL.",
    access: ["MERCHANT_ADMIN", "OPERATOR"],
    audit: "every caller",
    args: AccountArgs,
    output: () => WebhookEvent,
    run: ({ companyId }, ctx, { webhooks }) =>
      webhooks.sendTestWebhook(requireCompanyScope(ctx.principal, companyId), ctx.audit, ctx.requestId),
  }),

  operation({
    name: "webhookDeliveries",
    kind: "query",
    description: "Events sent to merchants with every attempt, newest first.",
    access: "caller",
    args: WebhookDeliveriesArgs,
    output: () => WebhookDeliveryPage,
    // The filter is written field by field, not spread from the arguments (see PagingArgs).
    run: (args, ctx, { webhooks }) =>
      webhooks.listDeliveries(
        companyScope(ctx.principal, args.companyId),
        {
          limit: args.limit,
          offset: args.offset,
          first: args.first,
          after: args.after,
          event: args.event,
          status: args.status,
          subjectId: args.subjectId,
        },
        ctx.signal,
      ),
  }),

  operation({
    name: "redeliverWebhook",
    kind: "mutation",
    description: "Sends an event again, as a new attempt with the same body. A merchant ADMIN redelivers its own.",
    access: ["OPERATOR", "MERCHANT_ADMIN"],
    audit: "every caller",
    args: WebhookEventIdArgs,
    output: () => WebhookEvent,
    run: ({ eventId }, ctx, { webhooks }) =>
      webhooks.redeliver(companyScope(ctx.principal), eventId, ctx.audit, ctx.requestId),
  }),

  operation({
    name: "redeliverFailedWebhooks",
    kind: "mutation",
    description: `Sends FAILED deliveries again, oldest first, at most max (1 to ${REDELIVER_BATCH_MAX}) per call: one account's (a merchant ADMIN naming another account is FORBIDDEN), or every account's for an operator who names none. An audit row per event.`,
    access: ["OPERATOR", "MERCHANT_ADMIN"],
    audit: "every caller",
    args: RedeliverFailedWebhooksArgs,
    output: () => RedeliveredWebhooks,
    run: async ({ companyId, max }, ctx, { webhooks }): Promise<RedeliveredWebhooks> => {
      const eventIds = await webhooks.redeliverFailed(
        companyScope(ctx.principal, companyId),
        max ?? REDELIVER_BATCH_MAX,
        ctx.audit,
        ctx.requestId,
      );
      return { count: eventIds.length, eventIds };
    },
  }),
];
