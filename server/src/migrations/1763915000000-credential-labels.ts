import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Merchant API credentials get a label a person chose ("ERP da loja") and the time of their
 * last use, written in the background about once a minute (credentials/credential-usage.ts).
 */
export class CredentialLabels1763915000000 implements MigrationInterface {
  name = "CredentialLabels1763915000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      "ALTER TABLE client_credentials ADD COLUMN label text CHECK (char_length(label) <= 60), ADD COLUMN last_used_at timestamptz",
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("ALTER TABLE client_credentials DROP COLUMN label, DROP COLUMN last_used_at");
  }
}
