import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Webhook endpoints (CONTRACT §15): up to 10 per account, each with its URL, secret, events
 * and status. The account's single URL and secret of §4 stay where they are (companies) and
 * are its first endpoint, the `account_endpoint` row, which every company has (written by a
 * trigger, so no insert of a company can miss it). A webhook_events row is now one delivery:
 * of one event (its id, shared by every endpoint) to one endpoint, with its own attempts.
 * Every existing delivery and attempt is attached to its account's first endpoint.
 */
export class WebhookEndpoints1766300000100 implements MigrationInterface {
  name = "WebhookEndpoints1766300000100";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE webhook_endpoints (
        id text PRIMARY KEY,
        company_id text NOT NULL REFERENCES companies(id),
        -- The account's own URL and secret (companies.webhook_url, webhook_secret): §4's operations.
        account_endpoint boolean NOT NULL DEFAULT false,
        url text,
        -- Sealed (webhook-secrets.ts).
        webhook_secret text,
        events text[] NOT NULL DEFAULT '{*}',
        status text NOT NULL DEFAULT 'ENABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        CHECK (account_endpoint = (url IS NULL AND webhook_secret IS NULL)),
        CHECK (NOT (account_endpoint AND deleted_at IS NOT NULL))
      );
      CREATE UNIQUE INDEX webhook_endpoints_account ON webhook_endpoints(company_id) WHERE account_endpoint;
      CREATE INDEX webhook_endpoints_company ON webhook_endpoints(company_id, created_at) WHERE deleted_at IS NULL;

      CREATE FUNCTION webhook_account_endpoint() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO webhook_endpoints (id, company_id, account_endpoint, created_at)
        VALUES ('we_' || replace(gen_random_uuid()::text, '-', ''), NEW.id, true, NEW.created_at);
        RETURN NEW;
      END $$;
      CREATE TRIGGER companies_webhook_account_endpoint AFTER INSERT ON companies
        FOR EACH ROW EXECUTE FUNCTION webhook_account_endpoint();
      INSERT INTO webhook_endpoints (id, company_id, account_endpoint, created_at)
        SELECT 'we_' || replace(gen_random_uuid()::text, '-', ''), id, true, created_at FROM companies;

      ALTER TABLE webhook_events ADD COLUMN endpoint_id text;
      UPDATE webhook_events e SET endpoint_id = w.id
        FROM webhook_endpoints w WHERE w.company_id = e.company_id AND w.account_endpoint;
      ALTER TABLE webhook_events ALTER COLUMN endpoint_id SET NOT NULL,
        ADD FOREIGN KEY (endpoint_id) REFERENCES webhook_endpoints(id);
      ALTER TABLE webhook_attempts ADD COLUMN endpoint_id text;
      UPDATE webhook_attempts a SET endpoint_id = e.endpoint_id FROM webhook_events e WHERE e.id = a.event_id;
      ALTER TABLE webhook_attempts ALTER COLUMN endpoint_id SET NOT NULL;

      ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_event_id_fkey,
        DROP CONSTRAINT webhook_attempts_event_id_attempt_number_key;
      ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_pkey, ADD PRIMARY KEY (id, endpoint_id);
      ALTER TABLE webhook_attempts ADD FOREIGN KEY (event_id, endpoint_id) REFERENCES webhook_events(id, endpoint_id),
        -- The claim's plan reaches attempts by this index, under its old name.
        ADD CONSTRAINT webhook_attempts_event_id_attempt_number_key UNIQUE (event_id, endpoint_id, attempt_number);
      CREATE INDEX webhook_events_endpoint_sequence ON webhook_events(endpoint_id, sequence DESC);

      -- A row written without an endpoint (the service always names one; seeds and older SQL do
      -- not) is the account endpoint's, as every row was before endpoints.
      CREATE FUNCTION webhook_default_endpoint() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'webhook_events' THEN
          SELECT id INTO NEW.endpoint_id FROM webhook_endpoints WHERE company_id = NEW.company_id AND account_endpoint;
        ELSE
          SELECT e.endpoint_id INTO NEW.endpoint_id FROM webhook_events e JOIN webhook_endpoints w ON w.id = e.endpoint_id
           WHERE e.id = NEW.event_id ORDER BY w.account_endpoint DESC, w.created_at LIMIT 1;
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER webhook_events_default_endpoint BEFORE INSERT ON webhook_events
        FOR EACH ROW WHEN (NEW.endpoint_id IS NULL) EXECUTE FUNCTION webhook_default_endpoint();
      CREATE TRIGGER webhook_attempts_default_endpoint BEFORE INSERT ON webhook_attempts
        FOR EACH ROW WHEN (NEW.endpoint_id IS NULL) EXECUTE FUNCTION webhook_default_endpoint();

      -- At most one of each per charge still, now per endpoint.
      DROP INDEX webhook_events_charge_paid_once, webhook_events_charge_expired_once, webhook_events_charge_cancelled_once;
      CREATE UNIQUE INDEX webhook_events_charge_paid_once ON webhook_events(subject_id, endpoint_id) WHERE event = 'charge.paid';
      CREATE UNIQUE INDEX webhook_events_charge_expired_once ON webhook_events(subject_id, endpoint_id) WHERE event = 'charge.expired';
      CREATE UNIQUE INDEX webhook_events_charge_cancelled_once ON webhook_events(subject_id, endpoint_id) WHERE event = 'charge.cancelled';
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP TRIGGER webhook_events_default_endpoint ON webhook_events;
      DROP TRIGGER webhook_attempts_default_endpoint ON webhook_attempts;
      DROP FUNCTION webhook_default_endpoint();
      DELETE FROM webhook_attempts a USING webhook_endpoints w WHERE w.id = a.endpoint_id AND NOT w.account_endpoint;
      DELETE FROM webhook_events e USING webhook_endpoints w WHERE w.id = e.endpoint_id AND NOT w.account_endpoint;
      DROP INDEX webhook_events_charge_paid_once, webhook_events_charge_expired_once, webhook_events_charge_cancelled_once,
        webhook_events_endpoint_sequence;
      CREATE UNIQUE INDEX webhook_events_charge_paid_once ON webhook_events(subject_id) WHERE event = 'charge.paid';
      CREATE UNIQUE INDEX webhook_events_charge_expired_once ON webhook_events(subject_id) WHERE event = 'charge.expired';
      CREATE UNIQUE INDEX webhook_events_charge_cancelled_once ON webhook_events(subject_id) WHERE event = 'charge.cancelled';
      ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_event_id_endpoint_id_fkey,
        DROP CONSTRAINT webhook_attempts_event_id_attempt_number_key;
      ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_pkey, ADD PRIMARY KEY (id);
      ALTER TABLE webhook_attempts ADD FOREIGN KEY (event_id) REFERENCES webhook_events(id),
        ADD UNIQUE (event_id, attempt_number), DROP COLUMN endpoint_id;
      ALTER TABLE webhook_events DROP COLUMN endpoint_id;
      DROP TRIGGER companies_webhook_account_endpoint ON companies;
      DROP FUNCTION webhook_account_endpoint();
      DROP TABLE webhook_endpoints;
    `);
  }
}
