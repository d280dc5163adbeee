import type { ValueTransformer } from "typeorm";

/** pg returns bigint columns as strings; money columns become bigint on purpose, never number. */
export const bigintColumn: ValueTransformer = {
  to: (value: bigint | null | undefined) => (value === null || value === undefined ? value : value.toString()),
  from: (value: string | null) => (value === null ? null : BigInt(value)),
};
