import type { DataSource } from "typeorm";
import { type ConnectionLimits, createDataSourceFor, type DatabaseSchema, openDatabaseFor } from "./core/data-source";
import { ENTITIES } from "./entities";
import { MIGRATIONS } from "./migrations/migrations";

/**
 * The service's database: every entity (entities.ts) and every migration
 * (migrations/migrations.ts), opened through core/data-source.ts.
 */
export const DATABASE_SCHEMA: DatabaseSchema = { entities: ENTITIES, migrations: MIGRATIONS };

/** A data source on `url` (not yet initialised, no migrations run). */
export function createDataSource(url: string, poolSize: number, limits: ConnectionLimits = {}): DataSource {
  return createDataSourceFor(DATABASE_SCHEMA, url, poolSize, limits);
}

/** Applies pending migrations, then opens the pool (see openDatabaseFor). */
export function openDatabase(url: string, poolSize: number, limits: ConnectionLimits = {}): Promise<DataSource> {
  return openDatabaseFor(DATABASE_SCHEMA, url, poolSize, limits);
}
