import { Field, ObjectType } from "type-graphql";
import { Viewer } from "../console-users";

@ObjectType({ description: "A new TOTP secret waiting for its first code (confirmTwoFactorEnrolment)." })
export class TwoFactorEnrolment {
  @Field(() => String, { description: "Base32, for typing into an authenticator app by hand." })
  secret!: string;

  @Field(() => String, { description: "The otpauth:// URI the QR code holds." })
  otpauthUri!: string;
}

@ObjectType({ description: "A confirmed second factor: the recovery codes are shown only in this answer." })
export class TwoFactorEnrolled {
  @Field(() => [String], { description: "Ten single-use codes for when the phone is lost." })
  recoveryCodes!: string[];

  @Field(() => Viewer, { description: "Who is signed in (a first sign-in opens its session now)." })
  viewer!: Viewer;
}

@ObjectType({ description: "The signed-in user's second factor." })
export class TwoFactorStatus {
  @Field(() => Boolean)
  enrolled!: boolean;

  @Field(() => Boolean, { description: "Required for this user (REQUIRE_OPERATOR_2FA, or their company)." })
  required!: boolean;

  @Field(() => Date, { nullable: true })
  enrolledAt!: Date | null;

  @Field(() => Number)
  recoveryCodesLeft!: number;

  @Field(() => Number, { description: "Browsers that skip the code at sign-in (30 days)." })
  trustedBrowsers!: number;

  @Field(() => Date, {
    nullable: true,
    description: "Until when this session may approve large amounts and manage operators without a new code.",
  })
  stepUpValidUntil!: Date | null;
}
