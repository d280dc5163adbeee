import type { DataSource } from "typeorm";
import type { AppConfig } from "./core/config";
import { startEmbeddedPostgres } from "./core/embedded-postgres";
import { type GeneratedSecrets, loadGeneratedSecrets } from "./core/generated-secrets";
import { migrateJobQueue } from "./core/jobs";
import type { Logger } from "./core/logger";
import { attachSecretBox, SecretBox } from "./core/secret-box";
import { loadSecretsKeys, type SecretsKeys } from "./core/secrets-key-file";
import { openDatabase } from "./database";
import { createServices, type Services } from "./services";
import { resealTotpSecretsAtStart } from "./two-factor/two-factor.service";
import { sealWebhookSecretsAtStart } from "./webhooks/webhook-secrets";

/** A process's connection to the world: database (embedded or not), secrets and services. */
export interface Runtime {
  services: Services;
  /** The PostgreSQL connection string in use (embedded or DATABASE_URL). */
  databaseUrl: string;
  secrets: GeneratedSecrets;
  db: DataSource;
  /** The embedded PostgreSQL's port (and the one it wanted, when that was taken); null with DATABASE_URL. */
  embedded: { port: number; portTaken: number | null } | null;
  /** Where the key of the secrets encrypted at rest came from (the keys themselves stay out). */
  secretsKey: Omit<SecretsKeys, "keys">;
  close(): Promise<void>;
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
    const db = await openDatabase(url, config.dbPoolSize, { statementTimeoutMs: config.statementTimeoutMs });
    const secretBox = new SecretBox(keys);
    attachSecretBox(db, secretBox);
    await sealWebhookSecretsAtStart(db, secretBox, logger)
      .then(() => resealTotpSecretsAtStart(db))
      .catch(async (error) => {
        await db.destroy();
        throw error;
      });
    await migrateJobQueue(url, logger);
    const secrets = await loadGeneratedSecrets(db, config);
    const services = createServices(config, logger, db, secrets);
    // PIX_PROVIDER=efi: a token now, so that a wrong certificate or credential stops the start.
    await services.efi?.provider.client.verify().catch(async (error) => {
      await services.efi?.provider.client.close();
      await db.destroy();
      throw error;
    });
    return {
      services,
      databaseUrl: url,
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
        await db.destroy();
        await stopEmbedded();
      },
    };
  } catch (error) {
    await stopEmbedded();
    throw error;
  }
}
