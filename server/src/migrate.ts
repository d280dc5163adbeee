import "reflect-metadata";
import { loadConfig } from "./core/config";
import { startEmbeddedPostgres } from "./core/embedded-postgres";
import { migrateJobQueue } from "./core/jobs";
import { createLogger } from "./core/logger";
import { openDatabase } from "./database";

/**
 * `npm run migrate`: applies the pending migrations (ours and the job queue's) once and
 * exits, for deployments that migrate before starting the new version (docker-compose's
 * `migrate` service). API processes and workers still migrate at start, under the same
 * advisory lock, so they find nothing left to do.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        databaseName: "pix",
        logger,
      });
  // Migrations hold a session lock: straight to PostgreSQL, past a pooler (DATABASE_DIRECT_URL).
  const url = config.databaseDirectUrl ?? config.databaseUrl ?? (embedded as { url: string }).url;
  try {
    const db = await openDatabase(url, 1);
    const applied: Array<{ name: string }> = await db.query("SELECT name FROM schema_migrations ORDER BY id");
    await db.destroy();
    await migrateJobQueue(url, logger);
    logger.info("migrations applied", { count: applied.length, latest: applied.at(-1)?.name ?? null });
  } finally {
    await embedded?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
