import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";

export enum WebhookEndpointStatus {
  ENABLED = "ENABLED",
  /** Receives nothing: turned off by the merchant. */
  DISABLED = "DISABLED",
}
registerEnumType(WebhookEndpointStatus, { name: "WebhookEndpointStatus" });

export enum WebhookEndpointDisabledReason {
  /** Turned off by the merchant: its events are not kept. */
  MERCHANT = "MERCHANT",
  /** Every attempt failed for WEBHOOK_DISABLE_AFTER_H: its events are HELD until it is enabled again. */
  FAILING = "FAILING",
}
registerEnumType(WebhookEndpointDisabledReason, { name: "WebhookEndpointDisabledReason" });

/** One of an account's webhook endpoints (CONTRACT §15); the secret is shown only when issued. */
@ObjectType({ description: "Where some of the account's events go, signed with the endpoint's own secret." })
export class WebhookEndpoint {
  @Field(() => ID, { description: "we_<alphanumeric>" })
  id!: string;

  @Field(() => ID)
  companyId!: string;

  @Field(() => String)
  url!: string;

  @Field(() => [String], { description: '["*"] (every event) or event names.' })
  events!: string[];

  @Field(() => WebhookEndpointStatus)
  status!: WebhookEndpointStatus;

  @Field(() => Boolean, {
    description: "The account's own URL and secret (webhookSettings): its first endpoint.",
  })
  accountEndpoint!: boolean;

  @Field(() => String, { description: "The first characters of the signing secret." })
  secretHint!: string;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => WebhookEndpointDisabledReason, { nullable: true, description: "Why it is DISABLED." })
  disabledReason!: WebhookEndpointDisabledReason | null;

  @Field(() => Date, { nullable: true })
  disabledAt!: Date | null;

  @Field(() => Int, { description: "Attempts failed in a row (0 after one delivered)." })
  consecutiveFailures!: number;

  @Field(() => Date, { nullable: true, description: "Since when every attempt failed; null when it is not failing." })
  failingSince!: Date | null;
}

@ObjectType({ description: "An endpoint with its signing secret: shown only in this response." })
export class WebhookEndpointWithSecret extends WebhookEndpoint {
  @Field(() => String)
  secret!: string;
}

@ObjectType({
  description: "An endpoint DISABLED because every delivery failed for WEBHOOK_DISABLE_AFTER_H: its events are held.",
})
export class FailingWebhookEndpoint {
  @Field(() => ID, { description: "we_<alphanumeric>" })
  id!: string;

  @Field(() => String)
  url!: string;

  @Field(() => Date)
  disabledAt!: Date;
}
