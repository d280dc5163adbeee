import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The audit log: one row per operator action and per console-user management action,
 * written in the transaction of the action. Append-only: a trigger refuses UPDATE, DELETE
 * and TRUNCATE, whoever asks. `at` has millisecond precision so the keyset cursor
 * (at, id) survives a round trip through JavaScript dates.
 */
export class AuditLog1763800610000 implements MigrationInterface {
  name = "AuditLog1763800610000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz(3) NOT NULL DEFAULT now(),
        actor text NOT NULL,
        actor_kind text NOT NULL CHECK (actor_kind IN ('OPERATOR', 'MERCHANT', 'ANONYMOUS', 'SYSTEM')),
        action text NOT NULL,
        object_type text NOT NULL,
        object_id text,
        company_id text,
        reason text,
        before jsonb,
        after jsonb,
        address text,
        request_id text
      );
      CREATE INDEX audit_log_newest ON audit_log (at DESC, id DESC);
      CREATE INDEX audit_log_object ON audit_log (object_type, object_id, at, id);
      CREATE INDEX audit_log_company ON audit_log (company_id, at DESC, id DESC) WHERE company_id IS NOT NULL;
      CREATE INDEX audit_log_actor ON audit_log (actor, at DESC, id DESC);
      CREATE INDEX audit_log_action ON audit_log (action, at DESC, id DESC);

      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END
      $$;
      CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("DROP TABLE audit_log; DROP FUNCTION audit_log_append_only();");
  }
}
