import { Field, InputType, ObjectType, registerEnumType } from "type-graphql";
import { AdjustmentMode, DiscountMode, InterestMode } from "../billing";
import { MoneyScalar } from "../graphql/scalars";

/**
 * The GraphQL (and so REST) shapes of a due-date charge's terms (CONTRACT §11): the payer,
 * fine, interest, abatement and discount, as given and as shown. A value is BRL for the
 * FIXED and AMOUNT_* modes and a percentage for the PERCENT* ones, both with at most two
 * decimals: one `Money`-typed field, read by its mode.
 */
registerEnumType(AdjustmentMode, { name: "AdjustmentMode", description: "FIXED (BRL) or PERCENT (of the amount)." });
registerEnumType(InterestMode, {
  name: "InterestMode",
  description: "The API Pix `juros.modalidade` 1 to 8, in order.",
});
registerEnumType(DiscountMode, {
  name: "DiscountMode",
  description: "The API Pix `desconto.modalidade` 1 to 6, in order.",
});

const VALUE_DESCRIPTION = "BRL for FIXED and AMOUNT_* modes, a percentage for PERCENT* modes; at most two decimals.";

@ObjectType({ description: "Who a due-date charge is addressed to (the API Pix `devedor`)." })
export class ChargePayer {
  @Field(() => String)
  name!: string;

  @Field(() => String, { description: "CPF (11 digits) or CNPJ (14 characters), without punctuation." })
  document!: string;
}

@ObjectType({ description: "A fine or an abatement." })
export class ChargeAdjustment {
  @Field(() => AdjustmentMode)
  mode!: AdjustmentMode;

  @Field(() => MoneyScalar, { description: VALUE_DESCRIPTION })
  value!: bigint;
}

@ObjectType()
export class ChargeInterest {
  @Field(() => InterestMode)
  mode!: InterestMode;

  @Field(() => MoneyScalar, { description: VALUE_DESCRIPTION })
  value!: bigint;
}

@ObjectType()
export class ChargeDiscountDate {
  @Field(() => String, { description: "YYYY-MM-DD: the discount holds for a payment on or before this day." })
  date!: string;

  @Field(() => MoneyScalar, { description: VALUE_DESCRIPTION })
  value!: bigint;
}

@ObjectType({ description: "`dates` for the *_UNTIL_DATES modes, `value` for the *_EARLY ones." })
export class ChargeDiscount {
  @Field(() => DiscountMode)
  mode!: DiscountMode;

  @Field(() => MoneyScalar, { nullable: true, description: VALUE_DESCRIPTION })
  value?: bigint | null;

  @Field(() => [ChargeDiscountDate], { nullable: true })
  dates?: ChargeDiscountDate[] | null;
}
@InputType({ description: "`cpf` or `cnpj`, exactly one." })
export class ChargePayerInput {
  @Field(() => String, { description: "1 to 140 characters." })
  name!: string;

  @Field(() => String, { nullable: true, description: "11 digits, plain or ddd.ddd.ddd-dd." })
  cpf?: string | null;

  @Field(() => String, { nullable: true, description: "14 characters, plain or dd.ddd.ddd/dddd-dd." })
  cnpj?: string | null;
}

@InputType()
export class ChargeAdjustmentInput {
  @Field(() => AdjustmentMode)
  mode!: AdjustmentMode;

  @Field(() => MoneyScalar, { description: VALUE_DESCRIPTION })
  value!: bigint;
}

@InputType()
export class ChargeInterestInput {
  @Field(() => InterestMode)
  mode!: InterestMode;

  @Field(() => MoneyScalar, { description: VALUE_DESCRIPTION })
  value!: bigint;
}

@InputType()
export class ChargeDiscountDateInput {
  @Field(() => String, { description: "YYYY-MM-DD, not after the due date." })
  date!: string;

  @Field(() => MoneyScalar, { description: VALUE_DESCRIPTION })
  value!: bigint;
}

@InputType({ description: "`dates` (1 to 3, increasing) for the *_UNTIL_DATES modes, `value` for the *_EARLY ones." })
export class ChargeDiscountInput {
  @Field(() => DiscountMode)
  mode!: DiscountMode;

  @Field(() => MoneyScalar, { nullable: true, description: VALUE_DESCRIPTION })
  value?: bigint | null;

  @Field(() => [ChargeDiscountDateInput], { nullable: true })
  dates?: ChargeDiscountDateInput[] | null;
}
