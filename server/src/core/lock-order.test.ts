import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { fundedMerchant, VALID_CPF } from "../../test/support/scenarios";
import { type Merchant, newUuid, startTestApp, type TestApp } from "../../test/support/test-app";
import { transactionRetries } from "./transactions";

/**
 * A charge INSERT checks its foreign key with FOR KEY SHARE on the account row. When the
 * account row was locked FOR UPDATE (by a withdrawal), that check waited for the
 * withdrawal; with anything else in the circle, PostgreSQL broke it with a deadlock and
 * one request answered an error. The account row is locked FOR NO KEY UPDATE now, which
 * a foreign-key check does not wait for.
 */

const GATE = 424242; // held by the charge transaction while the withdrawal waits for it
const HOLD = 424243; // held by the test until both transactions are in place

let app: TestApp;
let merchant: Merchant;
let probe: pg.Client;

before(async () => {
  app = await startTestApp();
  merchant = await fundedMerchant(app, "100.00");
  probe = new pg.Client({ connectionString: app.databaseUrl });
  await probe.connect();
});
after(async () => {
  await probe.end();
  await app.close();
});

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function advisoryLock(key: number, granted: boolean): Promise<boolean> {
  const rows = await probe.query(
    `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = $1 AND granted = $2
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [key, granted],
  );
  return (rows.rowCount ?? 0) > 0;
}

describe("lock order: a charge and a withdrawal on one account", () => {
  test("the charge insert's key check does not wait on the withdrawal's account lock", async () => {
    // Test-only triggers make the interleaving exact: the charge transaction takes GATE
    // and stops before its row is written; the withdrawal, holding the account lock,
    // then waits for GATE. Before the fix the charge's key check then waited for the
    // withdrawal: a circle, broken by PostgreSQL with a deadlock (40P01).
    await probe.query(`
      CREATE FUNCTION test_charge_gate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.description = 'lock-order probe' THEN
          PERFORM pg_advisory_xact_lock(${GATE});
          PERFORM pg_advisory_lock_shared(${HOLD});
          PERFORM pg_advisory_unlock_shared(${HOLD});
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_charge_gate BEFORE INSERT ON charges FOR EACH ROW EXECUTE FUNCTION test_charge_gate();
      CREATE FUNCTION test_withdrawal_gate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.amount_cents = 4242 THEN PERFORM pg_advisory_xact_lock(${GATE}); END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_withdrawal_gate BEFORE INSERT ON withdrawals FOR EACH ROW EXECUTE FUNCTION test_withdrawal_gate();
    `);
    const retriesBefore = transactionRetries.deadlocks;
    await probe.query("SELECT pg_advisory_lock($1)", [HOLD]);
    try {
      const charge = app.request("POST", "/charges", {
        token: merchant.clientSecret,
        body: { amount: 10, description: "lock-order probe" },
      });
      await waitFor("the charge transaction to hold the gate", async () => advisoryLock(GATE, true));
      const withdrawal = app.request("POST", "/withdrawals", {
        token: merchant.clientSecret,
        body: { amount: 42.42, pix_key_type: "CPF", pix_key: VALID_CPF },
        headers: { "idempotency-key": newUuid() },
      });
      // The withdrawal has locked the account and waits for the gate.
      await waitFor("the withdrawal to wait for the gate", async () => advisoryLock(GATE, false));
      await probe.query("SELECT pg_advisory_unlock($1)", [HOLD]);
      const [charged, withdrawn] = await Promise.all([charge, withdrawal]);
      assert.equal(charged.status, 201, charged.text);
      assert.equal(withdrawn.status, 201, withdrawn.text);
      // Both went through the first time: no deadlock was met (and retried away).
      assert.equal(transactionRetries.deadlocks, retriesBefore);
    } finally {
      await probe.query("SELECT pg_advisory_unlock_all()");
      await probe.query(`
        DROP TRIGGER test_charge_gate ON charges; DROP FUNCTION test_charge_gate();
        DROP TRIGGER test_withdrawal_gate ON withdrawals; DROP FUNCTION test_withdrawal_gate();
      `);
    }
  });

  test("FOR UPDATE on the account blocks a charge's key check; FOR NO KEY UPDATE does not", async () => {
    const holder = new pg.Client({ connectionString: app.databaseUrl });
    await holder.connect();
    const insertCharge = async () => {
      const id = newUuid().replace(/-/g, "").slice(0, 8).toUpperCase();
      await probe.query("BEGIN");
      try {
        await probe.query("SET LOCAL lock_timeout = '300ms'");
        await probe.query(
          `INSERT INTO charges (id, company_id, amount_cents, fee_cents, net_amount_cents, status, txid, location_id,
                                pix_code, expires_at, created_at, updated_at)
           VALUES ($1, $2, 100, 1, 99, 'PENDING', $3, $4, 'x', now() + interval '1 hour', now(), now())`,
          [id, merchant.companyId, `tx${newUuid().replace(/-/g, "")}`, newUuid()],
        );
        return "inserted";
      } catch (error) {
        return (error as { code?: string }).code;
      } finally {
        await probe.query("ROLLBACK");
      }
    };
    try {
      for (const [lock, expected] of [
        ["FOR UPDATE", "55P03"], // lock_not_available: the key check waited on the account lock
        ["FOR NO KEY UPDATE", "inserted"],
      ]) {
        await holder.query("BEGIN");
        await holder.query(`SELECT balance_cents FROM companies WHERE id = $1 ${lock}`, [merchant.companyId]);
        assert.equal(await insertCharge(), expected, lock);
        await holder.query("ROLLBACK");
      }
    } finally {
      await holder.end();
    }
  });

  test("no service statement locks the account row FOR UPDATE", async () => {
    // The statements the services send, as PostgreSQL saw them (pg_stat_statements is not
    // installed everywhere, so the source is read instead).
    const { readFileSync, readdirSync, statSync } = await import("node:fs");
    const { join } = await import("node:path");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith(".js") && !name.endsWith(".test.js")) {
          const text = readFileSync(path, "utf8");
          // Within one string literal: "FROM companies … FOR KEY SHARE", then another
          // table's FOR UPDATE in the next statement, is not an offence.
          if (/FROM companies[^`"']*FOR UPDATE/.test(text) || /pessimistic_write/.test(text)) offenders.push(path);
        }
      }
    };
    walk(join(__dirname, ".."));
    assert.deepEqual(offenders, []);
  });
});
