import { GraphQLScalarType, Kind, type ValueNode } from "graphql";
import { validationError } from "../core/errors";

/** A charge's metadata (CONTRACT §11): at most 20 keys of at most 40 characters, string values of at most 500. */
export const MAX_METADATA_KEYS = 20;
export const MAX_METADATA_KEY_LENGTH = 40;
export const MAX_METADATA_VALUE_LENGTH = 500;

export type Metadata = Record<string, string>;

const refuse = validationError;

/** Checks a metadata object as given; its keys keep their order. */
export function checkMetadata(value: unknown): Metadata {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw refuse("metadata must be an object of string values");
  }
  const entries = Object.entries(value);
  if (entries.length > MAX_METADATA_KEYS) throw refuse(`metadata must have at most ${MAX_METADATA_KEYS} keys`);
  const metadata: Metadata = {};
  for (const [key, item] of entries) {
    // Characters as people count them (code points).
    const keyLength = [...key].length;
    if (keyLength === 0 || keyLength > MAX_METADATA_KEY_LENGTH) {
      throw refuse(`metadata keys must have 1 to ${MAX_METADATA_KEY_LENGTH} characters`);
    }
    if (typeof item !== "string") throw refuse(`metadata.${key} must be a string`);
    if ([...item].length > MAX_METADATA_VALUE_LENGTH) {
      throw refuse(`metadata.${key} must have at most ${MAX_METADATA_VALUE_LENGTH} characters`);
    }
    metadata[key] = item;
  }
  return metadata;
}

function literalValue(ast: ValueNode): unknown {
  switch (ast.kind) {
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((field) => [field.name.value, literalValue(field.value)]));
    case Kind.STRING:
      return ast.value;
    default:
      return Symbol("not a string");
  }
}

export const MetadataScalar = new GraphQLScalarType<Metadata, Metadata>({
  name: "Metadata",
  description: `The merchant's own keys and values: an object of at most ${MAX_METADATA_KEYS} keys of at most ${MAX_METADATA_KEY_LENGTH} characters, string values of at most ${MAX_METADATA_VALUE_LENGTH}.`,
  serialize: (value) => value as Metadata,
  parseValue: checkMetadata,
  parseLiteral: (ast) => checkMetadata(literalValue(ast)),
});
