import { Field, ID, ObjectType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";

@Entity("client_credentials")
@ObjectType({ description: "A merchant API credential. The secret itself is shown only when issued." })
export class ClientCredential {
  @PrimaryColumn({ type: "text" })
  @Field(() => ID)
  id!: string;

  @Column({ name: "company_id", type: "text" })
  @Field(() => String)
  companyId!: string;

  @Column({ name: "secret_hash", type: "text" })
  secretHash!: string;

  @Column({ name: "secret_hint", type: "text" })
  @Field(() => String, { description: "The first characters of the secret, to tell credentials apart." })
  secretHint!: string;

  @Column({ name: "expires_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true })
  expiresAt!: Date | null;

  @Column({ name: "revoked_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true })
  revokedAt!: Date | null;

  @Column({ type: "text", nullable: true })
  @Field(() => String, { nullable: true, description: "A name a person chose for it, e.g. the system that uses it." })
  label!: string | null;

  @Column({ name: "last_used_at", type: "timestamptz", nullable: true })
  @Field(() => Date, {
    nullable: true,
    description: "Its last authenticated request, to about a minute (recorded in memory, written once a minute).",
  })
  lastUsedAt!: Date | null;

  @Column({ name: "created_at", type: "timestamptz" })
  @Field(() => Date)
  createdAt!: Date;
}
