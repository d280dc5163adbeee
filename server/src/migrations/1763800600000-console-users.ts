import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Console users (operators, and merchant users bound to one company), their server-side
 * sessions (only a hash of the session id is kept) and the sign-in rate limits.
 */
export class ConsoleUsers1763800600000 implements MigrationInterface {
  name = "ConsoleUsers1763800600000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE console_users (
        id text PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('OPERATOR', 'MERCHANT')),
        role text NOT NULL,
        company_id text REFERENCES companies(id),
        email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
        name text,
        password_hash text,
        disabled boolean NOT NULL DEFAULT false,
        invite_token_hash text UNIQUE,
        invite_expires_at timestamptz,
        last_sign_in_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (
          (kind = 'OPERATOR' AND company_id IS NULL AND role IN ('ADMIN', 'OPERATOR', 'VIEWER'))
          OR (kind = 'MERCHANT' AND company_id IS NOT NULL AND role IN ('ADMIN', 'MEMBER'))
        )
      );
      -- One console user per e-mail, whatever its case.
      CREATE UNIQUE INDEX console_users_email ON console_users (lower(email));
      CREATE INDEX console_users_company ON console_users (company_id, created_at) WHERE company_id IS NOT NULL;

      CREATE TABLE console_sessions (
        id_hash text PRIMARY KEY,
        user_id text NOT NULL REFERENCES console_users(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        address text,
        user_agent text
      );
      CREATE INDEX console_sessions_user ON console_sessions (user_id);
      CREATE INDEX console_sessions_expiry ON console_sessions (expires_at);

      -- rate-limiter-flexible's table layout (RateLimiterPostgres), created here rather than at run time.
      CREATE TABLE sign_in_rate_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      );
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("DROP TABLE sign_in_rate_limits; DROP TABLE console_sessions; DROP TABLE console_users;");
  }
}
