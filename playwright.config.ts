import { defineConfig, devices } from "@playwright/test";
import { BASE_URL, storageStateOf } from "./e2e/support/env";

/**
 * Browser tests of the console (`npm run test:e2e`). One server per run, started by
 * e2e/support/server.mjs through `npm start` on a fresh database; the setup project seeds it
 * through GraphQL and signs in once per role; each role's specs reuse that session.
 * The browser is Debian's Chromium (/usr/bin/chromium): Playwright's own downloads are off.
 */
const chromium = {
  ...devices["Desktop Chrome"],
  viewport: { width: 1280, height: 800 },
  locale: "pt-BR",
  timezoneId: "America/Sao_Paulo",
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 10_000,
    navigationTimeout: 30_000,
  },
  projects: [
    { name: "unit", testMatch: /e2e\/unit\/.*\.spec\.ts/ },
    { name: "setup", testMatch: /e2e\/setup\/.*\.setup\.ts/, use: chromium },
    { name: "signed-out", testMatch: /e2e\/auth\/.*\.spec\.ts/, dependencies: ["setup"], use: chromium },
    // Payers: no session at all.
    { name: "payer", testMatch: /e2e\/payer\/.*\.spec\.ts/, dependencies: ["setup"], use: chromium },
    {
      name: "operator",
      testMatch: /e2e\/operator\/.*\.spec\.ts/,
      dependencies: ["setup"],
      use: { ...chromium, storageState: storageStateOf("admin") },
    },
    {
      name: "merchant",
      testMatch: /e2e\/merchant\/.*\.spec\.ts/,
      dependencies: ["setup"],
      use: { ...chromium, storageState: storageStateOf("merchant") },
    },
    {
      name: "developers",
      testMatch: /e2e\/developers\/.*\.spec\.ts/,
      dependencies: ["setup"],
      use: { ...chromium, storageState: storageStateOf("admin") },
    },
    {
      name: "last",
      testMatch: /e2e\/last\/.*\.spec\.ts/,
      dependencies: ["signed-out", "payer", "operator", "merchant", "developers"],
      use: chromium,
    },
  ],
  webServer: {
    command: "node e2e/support/server.mjs",
    url: `${BASE_URL}/login`,
    // The first run builds the server and the console.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
  },
});
