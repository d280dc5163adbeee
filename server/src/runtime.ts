import type { DataSource } from "typeorm";
import type { AppConfig } from "./core/config";
import { DatabaseTarget } from "./core/database-target";
import { startEmbeddedPostgres } from "./core/embedded-postgres";
import { type GeneratedSecrets, loadGeneratedSecrets } from "./core/generated-secrets";
import { migrateJobQueue } from "./core/jobs";
import type { Logger } from "./core/logger";
import { attachReadReplica, ReadReplica } from "./core/read-replica";
import { attachSecretBox, SecretBox } from "./core/secret-box";
import { loadSecretsKeys, type SecretsKeys } from "./core/secrets-key-file";
import { poolRows } from "./core/sql";
import { openDatabase } from "./database";
import { createServices, type Services } from "./services";
import { resealTotpSecretsAtStart } from "./two-factor/two-factor.service";
import { sealWebhookSecretsAtStart } from "./webhooks/webhook-secrets";

/**
 * Where the process's connections go (contract §14). Each target searches its hosts when
 * its connection string names several, so after a failover every pool and connection made
 * through it finds the new primary.
 */
export interface DatabaseConnections {
  /** DATABASE_URL (or the embedded server): the services' pool; possibly a pooler in transaction mode. */
  primary: DatabaseTarget;
  /** DATABASE_DIRECT_URL, else the same as primary: sessions (migrations' lock, LISTEN, the job queue). */
  direct: DatabaseTarget;
  /** DATABASE_READ_URL's replica, when set. */
  replica: ReadReplica | null;
}

/** A process's connection to the world: database (embedded or not), secrets and services. */
export interface Runtime {
  services: Services;
  /** The PostgreSQL connection string in use (embedded or DATABASE_URL). */
  databaseUrl: string;
  database: DatabaseConnections;
  secrets: GeneratedSecrets;
  db: DataSource;
  /** The embedded PostgreSQL's port (and the one it wanted, when that was taken); null with DATABASE_URL. */
  embedded: { port: number; portTaken: number | null } | null;
  /** Where the key of the secrets encrypted at rest came from (the keys themselves stay out). */
  secretsKey: Omit<SecretsKeys, "keys">;
  close(): Promise<void>;
}

/**
 * Behind a pooler in transaction mode (DATABASE_DIRECT_URL set) the connection's start-up
 * settings are dropped (PgBouncer's ignore_startup_parameters): the statement timeout must
 * come from the role or the database (ALTER ROLE ... SET statement_timeout). Said at start
 * when it does not.
 */
async function warnWithoutPoolerLimits(db: DataSource, config: AppConfig, logger: Logger): Promise<void> {
  if (config.statementTimeoutMs <= 0) return;
  const [row] = await poolRows<{ ms: string }>(
    db,
    "SELECT (extract(epoch FROM current_setting('statement_timeout')::interval) * 1000)::bigint::text AS ms",
  );
  if (Number(row.ms) === config.statementTimeoutMs) return;
  logger.warn(
    "DATABASE_URL is a pooler (DATABASE_DIRECT_URL is set) and its sessions' statement_timeout is not STATEMENT_TIMEOUT_MS: " +
      "set it on the role, e.g. ALTER ROLE <user> SET statement_timeout = '5s'; ALTER ROLE <user> SET idle_in_transaction_session_timeout = '10s'",
    { statementTimeoutMs: config.statementTimeoutMs, found: Number(row.ms) },
  );
}

export async function openRuntime(config: AppConfig, logger: Logger): Promise<Runtime> {
  let url = config.databaseUrl;
  let stopEmbedded: () => Promise<void> = async () => undefined;
  let embeddedPort: Runtime["embedded"] = null;
  if (!url) {
    const embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      databaseName: "pix",
      logger,
    });
    url = embedded.url;
    stopEmbedded = embedded.stop;
    embeddedPort = { port: embedded.port, portTaken: embedded.portTaken };
  }
  try {
    const { keys, ...secretsKey } = loadSecretsKeys(
      {
        secretsKey: config.secretsKey,
        dataDir: config.dataDir,
        externalDatabase: Boolean(config.databaseUrl),
        env: config.env,
      },
      logger,
    );
    const primary = new DatabaseTarget(url, { pooler: config.databaseDirectUrl !== undefined });
    const direct = config.databaseDirectUrl ? new DatabaseTarget(config.databaseDirectUrl) : primary;
    for (const [name, target] of [
      ["DATABASE_URL", primary],
      ["DATABASE_DIRECT_URL", direct],
    ] as const) {
      target.onSwitch = (from, to) =>
        logger.warn(`${name}: ${from ? "the primary moved" : "using"} ${to.host}:${to.port}`, {
          from: from ? `${from.host}:${from.port}` : null,
        });
    }
    const db = await openDatabase(primary, config.dbPoolSize, {
      statementTimeoutMs: config.statementTimeoutMs,
      migrateThrough: direct,
    });
    if (primary.pooler) await warnWithoutPoolerLimits(db, config, logger);
    const replica = config.databaseReadUrl
      ? new ReadReplica(
          config.databaseReadUrl,
          db,
          {
            maxLagSeconds: config.readReplicaMaxLagSeconds,
            checkMs: config.readReplicaCheckMs,
            poolSize: config.dbPoolSize,
            limits: { statementTimeoutMs: config.statementTimeoutMs },
          },
          logger,
        )
      : null;
    if (replica) {
      await replica.start();
      attachReadReplica(db, replica);
    }
    const secretBox = new SecretBox(keys);
    attachSecretBox(db, secretBox);
    await sealWebhookSecretsAtStart(db, secretBox, logger)
      .then(() => resealTotpSecretsAtStart(db))
      .catch(async (error) => {
        await replica?.stop();
        await db.destroy();
        throw error;
      });
    await migrateJobQueue(direct, logger);
    const secrets = await loadGeneratedSecrets(db, config);
    const services = createServices(config, logger, db, secrets);
    // PIX_PROVIDER=efi: a token now, so that a wrong certificate or credential stops the start.
    await services.efi?.provider.client.verify().catch(async (error) => {
      await services.efi?.provider.client.close();
      await replica?.stop();
      await db.destroy();
      throw error;
    });
    return {
      services,
      databaseUrl: url,
      database: { primary, direct, replica },
      secrets,
      db,
      embedded: embeddedPort,
      secretsKey,
      close: async () => {
        services.webhookSender.close();
        services.mailer.close();
        await services.efi?.provider.client.close();
        await services.limits.close();
        await services.credentialUsage.close();
        await replica?.stop();
        await db.destroy();
        await stopEmbedded();
      },
    };
  } catch (error) {
    await stopEmbedded();
    throw error;
  }
}
