import { Field, ID, Int, ObjectType } from "type-graphql";
import { Column, Entity, PrimaryGeneratedColumn } from "typeorm";

/** One POST of an event to the merchant's URL, as it went. The body sent is the event's. */
@Entity("webhook_attempts")
@ObjectType({ description: "One attempt to deliver a webhook event." })
export class WebhookAttempt {
  @PrimaryGeneratedColumn({ type: "bigint" })
  @Field(() => ID)
  id!: string;

  @Column({ name: "event_id", type: "text" })
  @Field(() => String)
  eventId!: string;

  @Column({ name: "endpoint_id", type: "text" })
  @Field(() => ID)
  endpointId!: string;

  /** The event's name and bytes, the same on every attempt (filled from the event). */
  @Field(() => String)
  event?: string;

  @Field(() => String, { description: "The exact bytes sent: the event's body, the same on every attempt." })
  requestBody?: string;

  @Column({ name: "attempt_number", type: "integer" })
  @Field(() => Int, { description: "1 for the first attempt." })
  attemptNumber!: number;

  @Column({ type: "boolean" })
  @Field(() => Boolean, { description: "Asked for by hand (redeliverWebhook)." })
  manual!: boolean;

  @Column({ type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  url!: string | null;

  @Column({ name: "response_status", type: "integer", nullable: true })
  @Field(() => Int, { nullable: true })
  responseStatus!: number | null;

  @Column({ name: "response_time_ms", type: "integer", nullable: true })
  @Field(() => Int, { nullable: true })
  responseTimeMs!: number | null;

  @Column({ name: "response_body", type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "The first 1 kB of the answer." })
  responseBody!: string | null;

  @Column({ type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "Why no 2xx arrived: timeout, refused address, network error." })
  error!: string | null;

  @Column({ name: "started_at", type: "timestamptz" })
  @Field(() => Date)
  startedAt!: Date;

  @Column({ name: "finished_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true, description: "Null while in flight, or when the worker stopped mid-attempt." })
  finishedAt!: Date | null;
}
