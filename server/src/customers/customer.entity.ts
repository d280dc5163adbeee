import { Field, ID, ObjectType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";

@Entity("customers")
@ObjectType({ description: "One of the account's payers: one per CPF or CNPJ in an account." })
export class Customer {
  @PrimaryColumn({ type: "text" })
  @Field(() => ID, { description: '"cus_" and 24 letters and digits.' })
  id!: string;

  @Column({ name: "company_id", type: "text" })
  @Field(() => String)
  companyId!: string;

  @Column({ type: "text" })
  @Field(() => String)
  name!: string;

  @Column({ type: "text" })
  @Field(() => String, { description: "CPF (11 digits) or CNPJ (14 characters), without punctuation." })
  document!: string;

  @Column({ type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  email!: string | null;

  @Column({ type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "+55, the area code and the number." })
  phone!: string | null;

  @Column({ name: "created_at", type: "timestamptz" })
  @Field(() => Date)
  createdAt!: Date;
}
