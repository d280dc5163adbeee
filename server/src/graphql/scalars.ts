import { GraphQLError, GraphQLScalarType, Kind } from "graphql";
import { formatBrl, formatPercent, MoneyFormatError, parseBrl, parsePercent } from "../core/money";

/** A scalar held as bigint inside the service and written as a two-decimal string. */
function twoDecimalScalar(
  name: string,
  description: string,
  parse: (value: unknown) => bigint,
  format: (value: bigint) => string,
) {
  const read = (value: unknown): bigint => {
    try {
      return parse(value);
    } catch (error) {
      const detail = error instanceof MoneyFormatError ? error.message : "is invalid";
      throw new GraphQLError(`${name} ${detail}`, { extensions: { code: "VALIDATION_ERROR" } });
    }
  };
  return new GraphQLScalarType<bigint, string>({
    name,
    description,
    serialize(value) {
      if (typeof value !== "bigint") throw new GraphQLError(`${name} must be serialized from a bigint`);
      return format(value);
    },
    parseValue: read,
    parseLiteral(ast) {
      if (ast.kind !== Kind.STRING && ast.kind !== Kind.FLOAT && ast.kind !== Kind.INT) {
        throw new GraphQLError(`${name} must be a string or a number`, { extensions: { code: "VALIDATION_ERROR" } });
      }
      return read(ast.value);
    },
  });
}

/**
 * BRL amounts. Inside the service a Money value is bigint centavos; on the wire it is a
 * string with exactly two decimals ("10.50"). Input may be a string or a number with at
 * most two decimals.
 */
export const MoneyScalar = twoDecimalScalar(
  "Money",
  'An amount in BRL: output "10.50" (always two decimals); input a string or a number with at most two decimals.',
  parseBrl,
  formatBrl,
);

/** A fee rate: "0.99" means 0.99 %. Held as hundredths of a percent. */
export const PercentScalar = twoDecimalScalar(
  "Percent",
  'A percentage from 0 to 100 with at most two decimals, e.g. "0.99".',
  parsePercent,
  formatPercent,
);
