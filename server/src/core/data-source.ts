import type pg from "pg";
import { DataSource, type DataSourceOptions } from "typeorm";
import { type DatabaseLocation, type DatabaseTarget, targetFor } from "./database-target";

/** What the database holds: the entities TypeORM maps, and the migrations, in order, that make their tables. */
export interface DatabaseSchema {
  entities: NonNullable<DataSourceOptions["entities"]>;
  migrations: NonNullable<DataSourceOptions["migrations"]>;
}

/** Limits of every pooled connection (see AppConfig.statementTimeoutMs); 0 or absent: none. */
export interface ConnectionLimits {
  statementTimeoutMs?: number;
}

/** The pool options that carry the statement limits, as every pool of the service's requests has them. */
export function limitedPoolOptions(limits: ConnectionLimits): Partial<pg.PoolConfig> {
  const timeoutMs = limits.statementTimeoutMs ?? 0;
  // Sent at connect: no statement (nor lock wait) outlives the request that asked for it,
  // and a transaction its process forgot (idle in it) gives its locks back.
  if (timeoutMs <= 0) return {};
  return {
    statement_timeout: timeoutMs,
    idle_in_transaction_session_timeout: timeoutMs * 2,
    // A full pool or an unreachable server fails the request (503) instead of hanging it.
    connectionTimeoutMillis: timeoutMs,
  };
}

const targets = new WeakMap<DataSource, DatabaseTarget>();

/** The target a DataSource connects through (its hosts, the one in use). */
export function targetOf(db: DataSource): DatabaseTarget {
  const target = targets.get(db);
  if (!target) throw new Error("a DataSource not made by createDataSourceFor");
  return target;
}

/**
 * Whether a DataSource's pool talks to PostgreSQL itself, where a connection keeps the
 * statements prepared on it (core/sql.ts preparedRows). Not through a pooler in transaction
 * mode (DATABASE_DIRECT_URL set): there consecutive statements of a connection may reach
 * different servers' sessions. Nor a DataSource made elsewhere (unknown: no).
 */
export function preparesStatements(db: DataSource): boolean {
  return targets.get(db)?.pooler === false;
}

export function createDataSourceFor(
  schema: DatabaseSchema,
  location: DatabaseLocation,
  poolSize: number,
  limits: ConnectionLimits = {},
): DataSource {
  const target = targetFor(location);
  const { connectionString, ...poolOptions } = target.poolOptions();
  const db = new DataSource({
    type: "postgres",
    url: connectionString,
    entities: schema.entities,
    migrations: schema.migrations,
    migrationsTableName: "schema_migrations",
    synchronize: false,
    logging: false,
    extra: { max: poolSize, ...poolOptions, ...limitedPoolOptions(limits) },
  });
  targets.set(db, target);
  return db;
}

export interface OpenOptions extends ConnectionLimits {
  /**
   * Where the migrations run, when not through the pool's own address: they hold a session
   * advisory lock, which a pooler in transaction mode (PgBouncer) would not keep on one
   * server connection (DATABASE_DIRECT_URL).
   */
  migrateThrough?: DatabaseLocation;
}

/**
 * Applies pending migrations, then opens the pool. Safe when several processes start at
 * once. Migrations run on a connection of their own without the statement timeout: an
 * index build on a large table, or the wait for another process's migrations, may take
 * longer than any request should.
 */
export async function openDatabaseFor(
  schema: DatabaseSchema,
  location: DatabaseLocation,
  poolSize: number,
  options: OpenOptions = {},
): Promise<DataSource> {
  const target = targetFor(location);
  // One connection holds the lock, one runs the migrations.
  const migrator = createDataSourceFor(schema, options.migrateThrough ?? target, 2);
  await migrator.initialize();
  try {
    // One process migrates at a time; the others wait, then find nothing to do.
    const runner = migrator.createQueryRunner();
    await runner.connect();
    try {
      await runner.query("SELECT pg_advisory_lock(727274)");
      await migrator.runMigrations({ transaction: "each" });
    } finally {
      await runner.query("SELECT pg_advisory_unlock(727274)").catch(() => undefined);
      await runner.release();
    }
  } finally {
    await migrator.destroy();
  }
  const db = createDataSourceFor(schema, target, poolSize, options);
  await db.initialize();
  return db;
}
