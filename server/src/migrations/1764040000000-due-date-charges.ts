import type { MigrationInterface, QueryRunner } from "typeorm";
import { COUNTED, type CountedTable, createTriggers } from "./1763800800000-lists-that-scale";

/**
 * Due-date charges, customers and references (CONTRACT §11).
 *
 * - `customers`: an account's payers, one per document.
 * - `charges.type`: IMMEDIATE, DUE_DATE or RECURRING (a CHECK other features extend).
 * - A due-date charge's terms: `due_date`, `days_after_due`, the debtor it is addressed to
 *   (`debtor_name`, `debtor_document`, or a customer's), and `fine`, `interest`, `abatement`,
 *   `discount` as given (jsonb, values as two-decimal text: never a JSON float). The fee plan
 *   at creation (`fee_percent_centi`, `fee_fixed_cents`) prices what is paid later.
 * - `paid_amount_cents`: what a PAID charge brought (a due-date charge's amount due on the
 *   day it was paid). Null on charges paid before it, whose amount is what they brought: so
 *   the money a charge brought is `coalesce(paid_amount_cents, amount_cents)`, and the fee,
 *   the refund limits and the counters' amounts are of that.
 * - `external_reference` (unique per account) and `metadata` on every charge.
 * - `charge_batches`: a batch of due-date charges (`POST /charges/batch`, Efí's lotecobv),
 *   numbered as the API Pix numbers a lote.
 */
const RECEIVED = "coalesce(paid_amount_cents, amount_cents)";

const chargesCounted = (amount: string): CountedTable => {
  const charges = COUNTED.find((counted) => counted.table === "charges");
  if (!charges) throw new Error("the charges' counters are not listed");
  return { ...charges, amount };
};

export class DueDateCharges1764040000000 implements MigrationInterface {
  name = "DueDateCharges1764040000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE customers (
        id text PRIMARY KEY CHECK (id ~ '^cus_[A-Za-z0-9]+$'),
        company_id text NOT NULL REFERENCES companies(id),
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 140),
        document text NOT NULL CHECK (document ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$'),
        email text,
        phone text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT customers_one_per_document UNIQUE (company_id, document),
        -- What a charge's customer must match: a customer of the charge's own account.
        CONSTRAINT customers_of_account UNIQUE (company_id, id)
      );
      CREATE INDEX customers_company_newest ON customers(company_id, created_at DESC, id DESC);
      CREATE INDEX customers_newest ON customers(created_at DESC, id DESC);

      CREATE TABLE charge_batches (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        company_id text NOT NULL REFERENCES companies(id),
        idempotency_key text NOT NULL,
        request_fingerprint text NOT NULL,
        charges_count integer NOT NULL CHECK (charges_count BETWEEN 1 AND 1000),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT charge_batches_idempotency_key UNIQUE (company_id, idempotency_key)
      );

      ALTER TABLE charges
        ADD COLUMN type text NOT NULL DEFAULT 'IMMEDIATE'
          CONSTRAINT charges_type_check CHECK (type IN ('IMMEDIATE', 'DUE_DATE', 'RECURRING')),
        ADD COLUMN due_date date,
        ADD COLUMN days_after_due integer CHECK (days_after_due BETWEEN 0 AND 365),
        ADD COLUMN debtor_name text,
        ADD COLUMN debtor_document text,
        ADD COLUMN fine jsonb,
        ADD COLUMN interest jsonb,
        ADD COLUMN abatement jsonb,
        ADD COLUMN discount jsonb,
        ADD COLUMN customer_id text,
        ADD COLUMN external_reference text CHECK (external_reference ~ '^[A-Za-z0-9._:-]{1,64}$'),
        ADD COLUMN metadata jsonb,
        ADD COLUMN paid_amount_cents bigint CHECK (paid_amount_cents > 0),
        ADD COLUMN fee_percent_centi bigint,
        ADD COLUMN fee_fixed_cents bigint,
        ADD COLUMN batch_id bigint REFERENCES charge_batches(id),
        ADD COLUMN batch_index integer CHECK (batch_index BETWEEN 0 AND 999),
        ADD CONSTRAINT charges_batch_place CHECK ((batch_id IS NULL) = (batch_index IS NULL)),
        ADD CONSTRAINT charges_due_date_terms CHECK (
          (type = 'DUE_DATE') = (due_date IS NOT NULL)
          AND (due_date IS NULL OR (days_after_due IS NOT NULL AND debtor_name IS NOT NULL
                                    AND debtor_document IS NOT NULL AND fee_percent_centi IS NOT NULL
                                    AND fee_fixed_cents IS NOT NULL))),
        ADD CONSTRAINT charges_customer_of_account FOREIGN KEY (company_id, customer_id)
          REFERENCES customers(company_id, id),
        ADD CONSTRAINT charges_paid_amount CHECK (paid_amount_cents IS NULL OR status = 'PAID'),
        DROP CONSTRAINT charges_check,
        ADD CONSTRAINT charges_fee_and_net CHECK (fee_cents + net_amount_cents = ${RECEIVED}),
        DROP CONSTRAINT charges_refunds_within_amount,
        ADD CONSTRAINT charges_refunds_within_amount
          CHECK (refunded_amount_cents >= 0 AND refunded_amount_cents <= ${RECEIVED}),
        DROP CONSTRAINT charges_refunds_and_disputes_within_amount,
        ADD CONSTRAINT charges_refunds_and_disputes_within_amount
          CHECK (disputed_amount_cents >= 0 AND refunded_amount_cents + disputed_amount_cents <= ${RECEIVED});

      CREATE UNIQUE INDEX charges_external_reference ON charges(company_id, external_reference)
        WHERE external_reference IS NOT NULL;
      CREATE INDEX charges_customer_newest ON charges(customer_id, created_at DESC, id DESC)
        WHERE customer_id IS NOT NULL;
      CREATE INDEX charges_company_type_newest ON charges(company_id, type, created_at DESC, id DESC)
        WHERE type <> 'IMMEDIATE';
      CREATE INDEX charges_type_newest ON charges(type, created_at DESC, id DESC) WHERE type <> 'IMMEDIATE';
      CREATE UNIQUE INDEX charges_batch_order ON charges(batch_id, batch_index) WHERE batch_id IS NOT NULL;

      -- The counters and daily volumes count what a charge brought (the same value for every
      -- row written before: their paid_amount_cents is null).
      ${createTriggers(chargesCounted(RECEIVED), true)}
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ${createTriggers(chargesCounted("amount_cents"), true)}
      ALTER TABLE charges
        DROP CONSTRAINT charges_refunds_and_disputes_within_amount,
        ADD CONSTRAINT charges_refunds_and_disputes_within_amount
          CHECK (disputed_amount_cents >= 0 AND refunded_amount_cents + disputed_amount_cents <= amount_cents),
        DROP CONSTRAINT charges_refunds_within_amount,
        ADD CONSTRAINT charges_refunds_within_amount
          CHECK (refunded_amount_cents >= 0 AND refunded_amount_cents <= amount_cents),
        DROP CONSTRAINT charges_fee_and_net,
        ADD CONSTRAINT charges_check CHECK (fee_cents + net_amount_cents = amount_cents),
        DROP COLUMN type, DROP COLUMN due_date, DROP COLUMN days_after_due, DROP COLUMN debtor_name,
        DROP COLUMN debtor_document, DROP COLUMN fine, DROP COLUMN interest, DROP COLUMN abatement,
        DROP COLUMN discount, DROP COLUMN customer_id, DROP COLUMN external_reference, DROP COLUMN metadata,
        DROP COLUMN paid_amount_cents, DROP COLUMN fee_percent_centi, DROP COLUMN fee_fixed_cents,
        DROP COLUMN batch_id, DROP COLUMN batch_index;
      DROP TABLE charge_batches, customers;
    `);
  }
}
