import { Field, ID, ObjectType, registerEnumType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";

export enum ConsoleUserKind {
  OPERATOR = "OPERATOR",
  MERCHANT = "MERCHANT",
}
registerEnumType(ConsoleUserKind, { name: "ConsoleUserKind" });

export enum OperatorRoleEnum {
  ADMIN = "ADMIN",
  OPERATOR = "OPERATOR",
  VIEWER = "VIEWER",
}
registerEnumType(OperatorRoleEnum, {
  name: "OperatorRole",
  description: "ADMIN: everything, operators included; OPERATOR: act on money and charges; VIEWER: read only.",
});

export enum MerchantRoleEnum {
  ADMIN = "ADMIN",
  MEMBER = "MEMBER",
}
registerEnumType(MerchantRoleEnum, {
  name: "MerchantRole",
  description:
    "ADMIN: the whole merchant panel (team, API credentials, webhooks); MEMBER: charges, withdrawals, reading.",
});

/** The languages the console speaks; GraphQL names them PT_BR and EN, the database by their BCP 47 tag. */
export enum ConsoleLocale {
  PT_BR = "pt-BR",
  EN = "en",
}
registerEnumType(ConsoleLocale, {
  name: "ConsoleLocale",
  description: "The console's languages: PT_BR (Brazilian Portuguese, the default) and EN (English).",
});

export enum SignInStepEnum {
  DONE = "DONE",
  SECOND_FACTOR = "SECOND_FACTOR",
  ENROL_SECOND_FACTOR = "ENROL_SECOND_FACTOR",
}
registerEnumType(SignInStepEnum, {
  name: "SignInStep",
  description:
    "DONE: signed in. SECOND_FACTOR: give a code (completeSignIn). ENROL_SECOND_FACTOR: a second factor is required and must be enrolled first (startTwoFactorEnrolment, confirmTwoFactorEnrolment).",
});

/** Someone who signs in to the console: an operator, or a user of one merchant company. */
@Entity("console_users")
@ObjectType({ description: "A console user: an operator, or a user of one merchant company." })
export class ConsoleUser {
  @PrimaryColumn({ type: "text" })
  @Field(() => ID)
  id!: string;

  @Column({ type: "text" })
  @Field(() => ConsoleUserKind)
  kind!: ConsoleUserKind;

  @Column({ type: "text" })
  @Field(() => String, { description: "OperatorRole for operators, MerchantRole for merchant users." })
  role!: string;

  @Column({ name: "company_id", type: "text", nullable: true })
  @Field(() => ID, { nullable: true, description: "The merchant company; null for operators." })
  companyId!: string | null;

  @Column({ type: "text" })
  @Field(() => String)
  email!: string;

  @Column({ type: "text", nullable: true })
  @Field(() => String, { nullable: true })
  name!: string | null;

  /** argon2id; null until the invite is accepted. */
  @Column({ name: "password_hash", type: "text", nullable: true })
  passwordHash!: string | null;

  @Column({ type: "boolean" })
  @Field(() => Boolean)
  disabled!: boolean;

  @Column({ name: "invite_token_hash", type: "text", nullable: true })
  inviteTokenHash!: string | null;

  @Column({ name: "invite_expires_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true, description: "When the pending invite expires." })
  inviteExpiresAt!: Date | null;

  @Column({ type: "text", nullable: true })
  @Field(() => ConsoleLocale, { nullable: true, description: "The console language the user chose; null: not chosen." })
  locale!: ConsoleLocale | null;

  @Column({ name: "last_sign_in_at", type: "timestamptz", nullable: true })
  @Field(() => Date, { nullable: true })
  lastSignInAt!: Date | null;

  @Column({ name: "created_at", type: "timestamptz" })
  @Field(() => Date)
  createdAt!: Date;

  @Column({ name: "updated_at", type: "timestamptz" })
  @Field(() => Date)
  updatedAt!: Date;

  @Field(() => Boolean, { description: "True until the user accepts the invite and sets a password." })
  get invitePending(): boolean {
    return this.passwordHash === null;
  }
}

@ObjectType({
  description: "Who is signed in. Bearer callers get a synthetic viewer (authenticatedBy BEARER, no e-mail).",
})
export class Viewer {
  @Field(() => ID, {
    description: 'The console user\'s id; for bearer callers their actor ("operator:token", "merchant:cred_…").',
  })
  id!: string;

  @Field(() => String, { nullable: true, description: "Null for bearer callers." })
  email!: string | null;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => ConsoleUserKind)
  kind!: ConsoleUserKind;

  @Field(() => String, { description: "OperatorRole for operators, MerchantRole for merchant users." })
  role!: string;

  @Field(() => ID, { nullable: true })
  companyId!: string | null;

  @Field(() => String, { nullable: true })
  companyName!: string | null;

  @Field(() => ConsoleLocale, {
    nullable: true,
    description: "The console language the user chose (null: not chosen, or a bearer caller).",
  })
  locale!: ConsoleLocale | null;

  @Field(() => String, { description: "SESSION (console cookie) or BEARER (API token or client secret)." })
  authenticatedBy!: "SESSION" | "BEARER";

  @Field(() => SignInStepEnum, {
    description:
      "DONE when signed in; after signIn or acceptInvite, SECOND_FACTOR or ENROL_SECOND_FACTOR when a code (or an enrolment) must come first.",
  })
  signInStep!: SignInStepEnum;
}

@ObjectType({ description: "One of the signed-in user's live console sessions (a browser signed in as them)." })
export class ConsoleSession {
  @Field(() => ID, { description: "ses_…: names the session to revokeSession (never its cookie)." })
  id!: string;

  @Field(() => Date, { description: "When it signed in." })
  createdAt!: Date;

  @Field(() => Date, { description: "Its last request (written at most once a minute)." })
  lastSeenAt!: Date;

  @Field(() => Date, { description: "It ends then at the latest (SESSION_MAX_HOURS after sign-in)." })
  expiresAt!: Date;

  @Field(() => String, { nullable: true, description: "The client address it signed in from." })
  address!: string | null;

  @Field(() => String, { nullable: true, description: "The browser's User-Agent at sign-in." })
  userAgent!: string | null;

  @Field(() => Boolean, { description: "The session making this request." })
  current!: boolean;
}

@ObjectType({ description: "A new console user's invite: the token is shown only in this response." })
export class ConsoleUserInvite {
  @Field(() => ConsoleUser)
  user!: ConsoleUser;

  @Field(() => String, { description: "Valid for 7 days; pass to acceptInvite." })
  inviteToken!: string;

  @Field(() => String, { description: "PUBLIC_BASE_URL/accept-invite?token=…" })
  inviteUrl!: string;
}

@ObjectType({
  description:
    "What an open invite is for, shown on its page before the password is chosen. Only the token's holder can read it.",
})
export class InvitePreview {
  @Field(() => String)
  email!: string;

  @Field(() => String, { nullable: true, description: "The name the inviter gave; the page's form starts with it." })
  name!: string | null;

  @Field(() => ConsoleUserKind)
  kind!: ConsoleUserKind;

  @Field(() => String, { description: "OperatorRole for operators, MerchantRole for merchant users." })
  role!: string;

  @Field(() => String, { nullable: true, description: "The merchant company's name; null for operators." })
  companyName!: string | null;

  @Field(() => Date)
  expiresAt!: Date;
}
