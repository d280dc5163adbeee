/**
 * What the e2e run's server is started with (e2e/support/server.mjs) and what the tests use
 * to reach it. The browser's origin must be PUBLIC_BASE_URL: the API checks it on mutations.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4390);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const ADMIN_TOKEN = "e2e-operator-token-0123456789abcdef";
export const ADMIN_EMAIL = "ana.admin@pix.test";
export const ADMIN_PASSWORD = "e2e-admin-password-1234";
/** PROVIDER_WEBHOOK_SECRET of the e2e server: signs the bank's notifications to /provider/pix. */
export const PROVIDER_SECRET = "e2e-provider-secret-0123456789abcdef";

/**
 * Console users the specs sign in as: the first operator (made by the server's first start,
 * server/src/console-users/first-operator.ts, which names it "Administrador"), then those the
 * setup creates (invited, then accepted).
 */
export const USERS = {
  admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, name: "Administrador" },
  viewer: { email: "vitor.viewer@pix.test", password: "e2e-viewer-password-1234", name: "Vitor Viewer" },
  merchant: { email: "marta@padaria.test", password: "e2e-merchant-password-1234", name: "Marta Souza" },
} as const;

export type Role = keyof typeof USERS;

export const storageStateOf = (role: Role) => `e2e/.auth/${role}.json`;
export const SEED_FILE = "e2e/.auth/seed.json";
