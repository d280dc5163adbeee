import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The console's language, chosen by each user in the user menu (null: not chosen, the console
 * follows the browser's cookie, then Portuguese). Only the languages the console has
 * catalogues for are accepted.
 */
export class ConsoleUserLocale1763907000000 implements MigrationInterface {
  name = "ConsoleUserLocale1763907000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE console_users ADD COLUMN locale text
        CONSTRAINT console_users_locale_known CHECK (locale IN ('pt-BR', 'en'));
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("ALTER TABLE console_users DROP COLUMN locale");
  }
}
