import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A public id for each console session (`ses_…`), so a user's sessions list can name one to
 * end without showing the hash that keys it. Sessions open at the migration get one too.
 */
export class SessionIds1763910000000 implements MigrationInterface {
  name = "SessionIds1763910000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE console_sessions ADD COLUMN id text;
      UPDATE console_sessions SET id = 'ses_' || replace(gen_random_uuid()::text, '-', '');
      ALTER TABLE console_sessions ALTER COLUMN id SET NOT NULL;
      CREATE UNIQUE INDEX console_sessions_id ON console_sessions (id);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("ALTER TABLE console_sessions DROP COLUMN id");
  }
}
