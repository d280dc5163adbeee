import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";
import { paymentLinkUrlOf } from "../charges/model";
import { bigintColumn } from "../core/db-columns";
import { MoneyScalar } from "../graphql/scalars";

export enum PaymentLinkStatus {
  ACTIVE = "ACTIVE",
  INACTIVE = "INACTIVE",
  COMPLETED = "COMPLETED",
  EXPIRED = "EXPIRED",
}
registerEnumType(PaymentLinkStatus, {
  name: "PaymentLinkStatus",
  valuesConfig: {
    [PaymentLinkStatus.ACTIVE]: { description: "Payers can open it and get a charge." },
    [PaymentLinkStatus.INACTIVE]: { description: "Deactivated by the merchant." },
    [PaymentLinkStatus.COMPLETED]: { description: "A single-use link, paid." },
    [PaymentLinkStatus.EXPIRED]: { description: "Past its expires_at." },
  },
});

@Entity("payment_links")
@ObjectType({
  description: "A link to send payers (/l/<token>): each confirm makes a charge and shows its payer's page.",
})
export class PaymentLink {
  @PrimaryColumn({ type: "text" })
  @Field(() => ID, { description: '"pl_" and 24 letters and digits.' })
  id!: string;

  @Column({ name: "company_id", type: "text" })
  @Field(() => String)
  companyId!: string;

  /** The random part of its address; in the schema as `url`. */
  @Column({ type: "text" })
  token!: string;

  /** As written: ACTIVE, INACTIVE or COMPLETED (`status` reads an expired one). */
  @Column({ name: "status", type: "text" })
  storedStatus!: PaymentLinkStatus;

  @Column({ type: "text" })
  @Field(() => String)
  description!: string;

  @Column({ name: "amount_cents", type: "bigint", nullable: true, transformer: bigintColumn })
  @Field(() => MoneyScalar, { name: "amount", nullable: true, description: "Fixed amount; null: the payer types it." })
  amountCents!: bigint | null;

  @Column({ name: "min_amount_cents", type: "bigint", nullable: true, transformer: bigintColumn })
  @Field(() => MoneyScalar, {
    name: "minAmount",
    nullable: true,
    description: "A typed amount's least; null with a fixed amount.",
  })
  minAmountCents!: bigint | null;

  @Column({ name: "max_amount_cents", type: "bigint", nullable: true, transformer: bigintColumn })
  @Field(() => MoneyScalar, {
    name: "maxAmount",
    nullable: true,
    description: "A typed amount's most; null with a fixed amount.",
  })
  maxAmountCents!: bigint | null;

  @Column({ type: "boolean" })
  @Field(() => Boolean, { description: "false: COMPLETED at its first payment." })
  reusable!: boolean;

  @Column({ name: "expires_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true })
  expiresAt!: Date | null;

  @Column({ name: "charges_count", type: "integer" })
  @Field(() => Int, { description: "Charges made from it." })
  chargesCount!: number;

  @Column({ name: "paid_count", type: "integer" })
  @Field(() => Int, { description: "Of them, paid." })
  paidCount!: number;

  @Column({ name: "paid_total_cents", type: "bigint", transformer: bigintColumn })
  @Field(() => MoneyScalar, { name: "paidTotal", description: "What its paid charges brought." })
  paidTotalCents!: bigint;

  @Column({ name: "created_at", type: "timestamptz" })
  @Field(() => Date)
  createdAt!: Date;

  @Column({ name: "updated_at", type: "timestamptz" })
  updatedAt!: Date;

  @Column({ name: "deactivated_at", type: "timestamptz", nullable: true })
  deactivatedAt!: Date | null;

  @Field(() => String, { description: "{PUBLIC_BASE_URL}/l/<token>: the page payers open." })
  get url(): string {
    return paymentLinkUrlOf(this.token);
  }

  @Field(() => PaymentLinkStatus, { description: "An ACTIVE link past its expires_at reads EXPIRED." })
  get status(): PaymentLinkStatus {
    if (
      this.storedStatus === PaymentLinkStatus.ACTIVE &&
      this.expiresAt !== null &&
      this.expiresAt.getTime() <= Date.now()
    )
      return PaymentLinkStatus.EXPIRED;
    return this.storedStatus;
  }
}
