import type { DataSource } from "typeorm";
import { appendAudit } from "../audit";
import { checkNewPassword, hashPassword, randomPassword } from "../auth/model";
import { newConsoleUserId } from "../core/ids";
import { runTransaction } from "../core/transactions";
import { normalizeEmail } from "./console-users.service";

/** The e-mail of the generated first operator when ADMIN_EMAIL is unset. */
export const GENERATED_ADMIN_EMAIL = "admin@localhost";

/** A row in service_settings marks the bootstrap done, so a generated password is never made twice. */
const BOOTSTRAP_KEY = "first_operator_created";
const BOOTSTRAP_LOCK = 727276;

/**
 * Makes sure the console has a first operator (an ADMIN). With ADMIN_EMAIL and
 * ADMIN_PASSWORD set, that user is created once, when no console user has that e-mail
 * (a later change of ADMIN_PASSWORD does not reset an existing user's password). Without
 * them, when no operator exists yet, `admin@localhost` is created with a random password,
 * which is answered here once so the banner can print it, and never again. Safe when
 * several processes start at once: one transaction-scoped advisory lock serializes them.
 */
export async function ensureFirstOperator(
  db: DataSource,
  config: { adminEmail: string | undefined; adminPassword: string | undefined },
): Promise<{ email: string; password: string } | null> {
  const configured = config.adminEmail && config.adminPassword;
  const email = configured ? normalizeEmail(config.adminEmail as string) : GENERATED_ADMIN_EMAIL;
  const password = configured ? (config.adminPassword as string) : randomPassword();
  if (configured) {
    const existing = await db.query("SELECT 1 FROM console_users WHERE lower(email) = $1", [email]);
    if (existing.length > 0) return null;
    // The same password rule as every console user's, judged when the user is to be made
    // (an existing operator's start is never refused for it): the start fails saying why.
    checkNewPassword(password, { email }, "ADMIN_PASSWORD");
  }
  // Hashing is slow: done before the lock, and thrown away when nothing is to be created.
  const passwordHash = await hashPassword(password);
  return runTransaction(db, async (em) => {
    await em.query("SELECT pg_advisory_xact_lock($1)", [BOOTSTRAP_LOCK]);
    if (configured) {
      const existing = await em.query("SELECT 1 FROM console_users WHERE lower(email) = $1", [email]);
      if (existing.length > 0) return null;
    } else {
      const done = await em.query("SELECT 1 FROM service_settings WHERE key = $1", [BOOTSTRAP_KEY]);
      const operators = await em.query("SELECT 1 FROM console_users WHERE kind = 'OPERATOR' LIMIT 1");
      if (done.length > 0 || operators.length > 0) return null;
    }
    const id = newConsoleUserId();
    await em.query(
      `INSERT INTO console_users (id, kind, role, company_id, email, name, password_hash, disabled, created_at, updated_at)
       VALUES ($1, 'OPERATOR', 'ADMIN', NULL, $2, 'Administrador', $3, false, now(), now())`,
      [id, email, passwordHash],
    );
    await appendAudit(
      em,
      { actor: "system", actorKind: "SYSTEM", address: null, requestId: null },
      {
        action: "operator.create_first",
        objectType: "console_user",
        objectId: id,
        after: { email, role: "ADMIN", from: configured ? "ADMIN_EMAIL" : "generated" },
      },
    );
    await em.query("INSERT INTO service_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", [
      BOOTSTRAP_KEY,
      email,
    ]);
    return configured ? null : { email, password };
  });
}
