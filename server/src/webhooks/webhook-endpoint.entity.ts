import { Field, ID, ObjectType, registerEnumType } from "type-graphql";

export enum WebhookEndpointStatus {
  ENABLED = "ENABLED",
  /** Receives nothing: turned off by the merchant. */
  DISABLED = "DISABLED",
}
registerEnumType(WebhookEndpointStatus, { name: "WebhookEndpointStatus" });

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
}

@ObjectType({ description: "An endpoint with its signing secret: shown only in this response." })
export class WebhookEndpointWithSecret extends WebhookEndpoint {
  @Field(() => String)
  secret!: string;
}
