import { Field, ID, ObjectType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";

/** An outgoing event in the outbox, its signed body fixed when the causing change committed. */
@Entity("webhook_events")
@ObjectType()
export class WebhookEvent {
  @PrimaryColumn({ type: "text" })
  @Field(() => ID, { description: "evt_<alphanumeric>" })
  id!: string;

  @Column({ name: "company_id", type: "text" })
  @Field(() => String)
  companyId!: string;

  @Column({ type: "text" })
  @Field(() => String)
  event!: string;

  @Column({ name: "subject_id", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  subjectId!: string | null;

  @Column({ type: "text" })
  @Field(() => String, { description: "The exact bytes sent, signature included." })
  body!: string;

  @Column({ type: "text" })
  signature!: string;

  @Column({ name: "created_at", type: "timestamptz" })
  @Field(() => Date)
  createdAt!: Date;
}
