import pg from "pg";
import { DataSource, type DataSourceOptions } from "typeorm";

/** What the database holds: the entities TypeORM maps, and the migrations, in order, that make their tables. */
export interface DatabaseSchema {
  entities: NonNullable<DataSourceOptions["entities"]>;
  migrations: NonNullable<DataSourceOptions["migrations"]>;
}

/**
 * pg emits "error" on a client whose backend ends (killed, server restarting) while no query
 * runs on it. TypeORM listens while a query runner holds the client and the pool while it is
 * idle, but not in every moment between (a second error after the first one released it):
 * such an error, unheard, is an uncaught exception that ends the process. Every client
 * therefore keeps a listener of its own; the query in flight, TypeORM and the pool still get
 * the error as before and drop the connection.
 */
class ResilientClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on("error", () => undefined);
  }
}

/** Limits of every pooled connection (see AppConfig.statementTimeoutMs); 0 or absent: none. */
export interface ConnectionLimits {
  statementTimeoutMs?: number;
}

export function createDataSourceFor(
  schema: DatabaseSchema,
  url: string,
  poolSize: number,
  limits: ConnectionLimits = {},
): DataSource {
  const timeoutMs = limits.statementTimeoutMs ?? 0;
  return new DataSource({
    type: "postgres",
    url,
    entities: schema.entities,
    migrations: schema.migrations,
    migrationsTableName: "schema_migrations",
    synchronize: false,
    logging: false,
    extra: {
      max: poolSize,
      Client: ResilientClient,
      // Sent at connect: no statement (nor lock wait) outlives the request that asked for it,
      // and a transaction its process forgot (idle in it) gives its locks back.
      ...(timeoutMs > 0
        ? {
            statement_timeout: timeoutMs,
            idle_in_transaction_session_timeout: timeoutMs * 2,
            // A full pool or an unreachable server fails the request (503) instead of hanging it.
            connectionTimeoutMillis: timeoutMs,
          }
        : {}),
    },
  });
}

/**
 * Applies pending migrations, then opens the pool. Safe when several processes start at
 * once. Migrations run on a connection of their own without the statement timeout: an
 * index build on a large table, or the wait for another process's migrations, may take
 * longer than any request should.
 */
export async function openDatabaseFor(
  schema: DatabaseSchema,
  url: string,
  poolSize: number,
  limits: ConnectionLimits = {},
): Promise<DataSource> {
  const migrator = createDataSourceFor(schema, url, 2); // one holds the lock, one runs the migrations
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
  const db = createDataSourceFor(schema, url, poolSize, limits);
  await db.initialize();
  return db;
}
