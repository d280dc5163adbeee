import { Field, ID, Int, ObjectType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";
import { bigintColumn } from "../core/db-columns";
import { MoneyScalar } from "../graphql/scalars";

@Entity("qr_codes")
@ObjectType({
  description:
    "A static QR code for a shop's counter: paid any number of times, each Pix received with it a PAID charge of the account.",
})
export class QrCode {
  @PrimaryColumn({ type: "text" })
  @Field(() => ID, { description: '"qr_" and 22 letters and digits.' })
  id!: string;

  @Column({ name: "company_id", type: "text" })
  @Field(() => String)
  companyId!: string;

  /** The identifier in its BR Code (62-05): what the bank reports each Pix paid with it as (`txid`). */
  @Column({ type: "text" })
  txid!: string;

  @Column({ type: "text" })
  @Field(() => String)
  description!: string;

  @Column({ name: "amount_cents", type: "bigint", nullable: true, transformer: bigintColumn })
  @Field(() => MoneyScalar, { name: "amount", nullable: true, description: "Fixed amount; null: the payer types it." })
  amountCents!: bigint | null;

  @Column({ name: "pix_code", type: "text" })
  @Field(() => String, {
    description: "The static BR Code: the service's PIX key, the amount when fixed, and this code's identifier.",
  })
  pixCode!: string;

  @Column({ type: "boolean" })
  @Field(() => Boolean, { description: "false once deactivated: a Pix received with it is kept for review." })
  active!: boolean;

  @Column({ name: "paid_count", type: "integer" })
  @Field(() => Int, { description: "Pix received with it and credited." })
  paidCount!: number;

  @Column({ name: "paid_total_cents", type: "bigint", transformer: bigintColumn })
  @Field(() => MoneyScalar, { name: "paidTotal", description: "What they brought." })
  paidTotalCents!: bigint;

  @Column({ name: "created_at", type: "timestamptz" })
  @Field(() => Date)
  createdAt!: Date;

  @Column({ name: "updated_at", type: "timestamptz" })
  updatedAt!: Date;

  @Column({ name: "deactivated_at", type: "timestamptz", nullable: true })
  deactivatedAt!: Date | null;
}
