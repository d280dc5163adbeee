import { Field, ID, ObjectType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";
import { bigintColumn } from "../core/db-columns";
import { MoneyScalar, PercentScalar } from "../graphql/scalars";

@Entity("companies")
@ObjectType({ description: "A merchant account." })
export class Company {
  @PrimaryColumn({ type: "text" })
  @Field(() => ID)
  id!: string;

  @Column({ type: "text" })
  @Field(() => String)
  name!: string;

  @Column({ type: "text" })
  @Field(() => String, { description: "City written into the BR Code of this account's charges." })
  city!: string;

  @Column({ name: "fee_percent_centi", type: "bigint", transformer: bigintColumn })
  @Field(() => PercentScalar, { name: "feePercent" })
  feePercentCenti!: bigint;

  @Column({ name: "fee_fixed_cents", type: "bigint", transformer: bigintColumn })
  @Field(() => MoneyScalar, { name: "feeFixed" })
  feeFixedCents!: bigint;

  @Column({ name: "auto_approve_limit_cents", type: "bigint", nullable: true, transformer: bigintColumn })
  @Field(() => MoneyScalar, {
    name: "autoApproveLimit",
    nullable: true,
    description: "Withdrawals at or under this amount skip the operator's approval.",
  })
  autoApproveLimitCents!: bigint | null;

  @Column({ name: "auto_return_exceptions", type: "boolean" })
  @Field(() => Boolean, {
    description:
      "Payments of the account's charges that are not credited (paid twice, a wrong amount, an expired or cancelled charge) go back to the payer at once.",
  })
  autoReturnExceptions!: boolean;

  @Column({ type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "The account holder's CNPJ, 14 characters without punctuation." })
  cnpj!: string | null;

  @Column({ name: "webhook_url", type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  webhookUrl!: string | null;

  /**
   * The HMAC key of outgoing webhooks, sealed (encrypted at rest): read it only through
   * webhooks/webhook-secrets.ts. Never exposed after it is first shown.
   */
  @Column({ name: "webhook_secret", type: "text" })
  sealedWebhookSecret!: string;

  @Column({ name: "balance_cents", type: "bigint", transformer: bigintColumn })
  @Field(() => MoneyScalar, { name: "balance", description: "Running balance kept by the ledger." })
  balanceCents!: bigint;

  @Column({ name: "created_at", type: "timestamptz" })
  @Field(() => Date)
  createdAt!: Date;

  @Column({ name: "updated_at", type: "timestamptz" })
  @Field(() => Date)
  updatedAt!: Date;
}
