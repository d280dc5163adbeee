import { ArgsType, Field, ID, Int, ObjectType } from "type-graphql";
import { companyScope, type Principal, requireCompanyScope } from "../auth/model";
import { PageOf, PagingArgs } from "../graphql/page";
import { declareOperations, type RestAnswer } from "../operation";
import {
  FailingWebhookEndpoint,
  WebhookEndpoint,
  WebhookEndpointStatus,
  WebhookEndpointWithSecret,
} from "./webhook-endpoint.entity";
import type { WebhookEndpointsService } from "./webhook-endpoints.service";
import { WebhookDeliveryStatus, WebhookEvent } from "./webhook-event.entity";
import { REDELIVER_BATCH_MAX, type WebhooksService } from "./webhooks.service";

interface WebhookServices {
  webhooks: WebhooksService;
  webhookEndpoints: WebhookEndpointsService;
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

  @Field(() => ID, { nullable: true, description: "Only the deliveries to one endpoint (we_...)." })
  endpointId?: string;
}

@ArgsType()
class WebhookEventIdArgs {
  @Field(() => ID)
  eventId!: string;

  @Field(() => ID, {
    nullable: true,
    description: "The endpoint's delivery to send again (default: the account's own endpoint's).",
  })
  endpointId?: string | null;
}

@ObjectType()
class WebhookEndpointList {
  @Field(() => [WebhookEndpoint])
  data!: WebhookEndpoint[];
}

@ArgsType()
class CreateWebhookEndpointArgs extends AccountArgs {
  @Field(() => String, { description: "http or https; a private address is refused (SSRF guard)." })
  url!: string;

  @Field(() => [String], { description: '["*"] (every event) or event names.' })
  events!: string[];
}

@ArgsType()
class WebhookEndpointIdArgs {
  @Field(() => ID)
  id!: string;
}

@ArgsType()
class UpdateWebhookEndpointArgs extends WebhookEndpointIdArgs {
  @Field(() => String, { nullable: true, description: "Absent: unchanged. Steps up first (STEP_UP_REQUIRED)." })
  url?: string | null;

  @Field(() => [String], { nullable: true })
  events?: string[] | null;

  @Field(() => WebhookEndpointStatus, { nullable: true })
  status?: WebhookEndpointStatus | null;
}

/** An endpoint in the REST API, in CONTRACT §15's order (its secret only when issued). */
const ENDPOINT_REST_FIELDS: RestAnswer = ["id", "url", "events", "status", "createdAt"];
const ENDPOINT_WITH_SECRET_REST_FIELDS: RestAnswer = ["id", "url", "events", "secret", "status", "createdAt"];

/** An endpoint the path names must be the caller's before its body is looked at (404 first). */
const endpointFirst = (params: Record<string, string>, ctx: { principal: Principal | null }, deps: WebhookServices) =>
  deps.webhookEndpoints.getEndpoint(companyScope(ctx.principal), params.id);

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
          endpointId: args.endpointId,
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
    run: ({ eventId, endpointId }, ctx, { webhooks }) =>
      webhooks.redeliver(companyScope(ctx.principal), eventId, ctx.audit, ctx.requestId, endpointId ?? null),
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

  operation({
    name: "webhookEndpoints",
    kind: "query",
    description: "The account's webhook endpoints, its own (webhookSettings') first, then oldest first.",
    access: "caller",
    args: AccountArgs,
    output: () => WebhookEndpointList,
    rest: {
      method: "GET",
      path: "/webhook-endpoints",
      answer: [{ data: ENDPOINT_REST_FIELDS }],
      args: [],
      errors: [],
      summary: "The account's webhook endpoints (at most 10), without their secrets.",
      tag: "Webhooks",
    },
    run: async ({ companyId }, ctx, { webhookEndpoints }) => ({
      data: await webhookEndpoints.listEndpoints(requireCompanyScope(ctx.principal, companyId)),
    }),
  }),

  operation({
    name: "failingWebhookEndpoints",
    kind: "query",
    description:
      "The account's endpoints DISABLED for failing (CONTRACT §15): what the console's banner shows its admins on every page. Empty when none.",
    access: ["MERCHANT_ADMIN", "VIEWER"],
    args: AccountArgs,
    output: () => [FailingWebhookEndpoint],
    run: ({ companyId }, ctx, { webhookEndpoints }) =>
      webhookEndpoints.listFailingEndpoints(requireCompanyScope(ctx.principal, companyId)),
  }),

  operation({
    name: "webhookEndpoint",
    kind: "query",
    access: "caller",
    args: WebhookEndpointIdArgs,
    output: () => WebhookEndpoint,
    rest: {
      method: "GET",
      path: "/webhook-endpoints/:id",
      answer: ENDPOINT_REST_FIELDS,
      errors: ["NOT_FOUND"],
      summary: "A webhook endpoint of the account, without its secret.",
      tag: "Webhooks",
    },
    run: ({ id }, ctx, { webhookEndpoints }) => webhookEndpoints.getEndpoint(companyScope(ctx.principal), id),
  }),

  operation({
    name: "createWebhookEndpoint",
    kind: "mutation",
    description:
      "A new endpoint with its own secret (shown only here), receiving the events listed. At most 10 per account (CONFLICT). Where events go and a secret: steps up first (STEP_UP_REQUIRED).",
    access: ["MERCHANT_ADMIN", "ADMIN"],
    stepUp: "always",
    audit: "every caller",
    args: CreateWebhookEndpointArgs,
    output: () => WebhookEndpointWithSecret,
    rest: {
      method: "POST",
      path: "/webhook-endpoints",
      status: 201,
      answer: ENDPOINT_WITH_SECRET_REST_FIELDS,
      args: ["url", "events"],
      errors: ["VALIDATION_ERROR", "CONFLICT", "STEP_UP_REQUIRED"],
      summary:
        'Adds a webhook endpoint: url (http or https, public), events (["*"] or names); its secret is shown only in this answer.',
      tag: "Webhooks",
    },
    run: ({ companyId, url, events }, ctx, { webhookEndpoints }) =>
      webhookEndpoints.createEndpoint(requireCompanyScope(ctx.principal, companyId), { url, events }, ctx.audit),
  }),

  operation({
    name: "updateWebhookEndpoint",
    kind: "mutation",
    description:
      "Changes an endpoint's URL, events or status (absent: unchanged). A new URL steps up first (STEP_UP_REQUIRED).",
    access: ["MERCHANT_ADMIN", "ADMIN"],
    stepUp: { when: (args) => args.url != null },
    audit: "every caller",
    args: UpdateWebhookEndpointArgs,
    output: () => WebhookEndpoint,
    rest: {
      method: "PATCH",
      path: "/webhook-endpoints/:id",
      answer: ENDPOINT_REST_FIELDS,
      args: ["url", "events", "status"],
      findFirst: endpointFirst,
      errors: ["NOT_FOUND", "VALIDATION_ERROR", "STEP_UP_REQUIRED"],
      summary: "Changes a webhook endpoint's url, events or status (ENABLED, DISABLED).",
      tag: "Webhooks",
    },
    run: ({ id, url, events, status }, ctx, { webhookEndpoints }) =>
      webhookEndpoints.updateEndpoint(companyScope(ctx.principal), id, { url, events, status }, ctx.audit),
  }),

  operation({
    name: "deleteWebhookEndpoint",
    kind: "mutation",
    description:
      "Deletes an endpoint (its history stays; deliveries not yet sent are FAILED). The account's own endpoint's deletion removes the account's webhook URL. Steps up first (STEP_UP_REQUIRED).",
    access: ["MERCHANT_ADMIN", "ADMIN"],
    stepUp: "always",
    audit: "every caller",
    args: WebhookEndpointIdArgs,
    output: () => WebhookEndpoint,
    rest: {
      method: "DELETE",
      path: "/webhook-endpoints/:id",
      findFirst: endpointFirst,
      answer: ENDPOINT_REST_FIELDS,
      errors: ["NOT_FOUND", "STEP_UP_REQUIRED"],
      summary: "Deletes a webhook endpoint; answers it as it was.",
      tag: "Webhooks",
    },
    run: ({ id }, ctx, { webhookEndpoints }) =>
      webhookEndpoints.deleteEndpoint(companyScope(ctx.principal), id, ctx.audit),
  }),

  operation({
    name: "rotateWebhookEndpointSecret",
    kind: "mutation",
    description:
      "A new secret for the endpoint, shown only here; its events created from now on are signed with it. Steps up first (STEP_UP_REQUIRED).",
    access: ["MERCHANT_ADMIN", "ADMIN"],
    stepUp: "always",
    audit: "every caller",
    args: WebhookEndpointIdArgs,
    output: () => WebhookEndpointWithSecret,
    rest: {
      method: "POST",
      path: "/webhook-endpoints/:id/rotate-secret",
      findFirst: endpointFirst,
      answer: ENDPOINT_WITH_SECRET_REST_FIELDS,
      errors: ["NOT_FOUND", "STEP_UP_REQUIRED"],
      summary: "Issues a new secret for a webhook endpoint, shown only in this answer.",
      tag: "Webhooks",
    },
    run: ({ id }, ctx, { webhookEndpoints }) =>
      webhookEndpoints.rotateEndpointSecret(companyScope(ctx.principal), id, ctx.audit),
  }),
];
