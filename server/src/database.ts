import type { DataSource } from "typeorm";
import {
  type ConnectionLimits,
  createDataSourceFor,
  type DatabaseSchema,
  type OpenOptions,
  openDatabaseFor,
} from "./core/data-source";
import type { DatabaseLocation } from "./core/database-target";
import { ENTITIES } from "./entities";
import { MIGRATIONS } from "./migrations/migrations";

/**
 * The service's database: every entity (entities.ts) and every migration
 * (migrations/migrations.ts), opened through core/data-source.ts.
 */
export const DATABASE_SCHEMA: DatabaseSchema = { entities: ENTITIES, migrations: MIGRATIONS };

/** A data source on `location` (not yet initialised, no migrations run). */
export function createDataSource(
  location: DatabaseLocation,
  poolSize: number,
  limits: ConnectionLimits = {},
): DataSource {
  return createDataSourceFor(DATABASE_SCHEMA, location, poolSize, limits);
}

/** Applies pending migrations, then opens the pool (see openDatabaseFor). */
export function openDatabase(
  location: DatabaseLocation,
  poolSize: number,
  options: OpenOptions = {},
): Promise<DataSource> {
  return openDatabaseFor(DATABASE_SCHEMA, location, poolSize, options);
}
