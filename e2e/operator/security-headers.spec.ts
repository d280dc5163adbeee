import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { BASE_URL } from "../support/env";
import { expect, test } from "../support/fixtures";

test.describe.configure({ timeout: 120_000 });

/** The console's main pages, signed in as the admin; the explorer and the reference load third-party bundles. */
const PAGES = ["/ops", "/ops/withdrawals", "/ops/companies", "/ops/audit-log", "/developers", "/developers/reference"];

test("each console page has a strict policy with a nonce of its own, and runs without a violation", async ({
  page,
  cspViolations,
}) => {
  const nonces = new Set<string>();
  for (const path of PAGES) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(200);
    const headers = answer?.headers() ?? {};
    const policy = headers["content-security-policy"] ?? "";
    const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(policy)?.[1];
    expect(nonce, `${path}: ${policy}`).toBeTruthy();
    nonces.add(nonce as string);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(policy).not.toContain("'unsafe-eval'");
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"])
      expect(policy, path).toContain(directive);
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("same-origin");
    // Every script Next wrote into the page carries this answer's nonce.
    const html = (await answer?.text()) ?? "";
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, path).toBeGreaterThan(0);
    expect(
      scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`)),
      path,
    ).toEqual([]);
    await page.waitForLoadState("networkidle", { timeout: 5000 }).catch(() => undefined);
    expect(cspViolations, path).toEqual([]);
  }
  expect(nonces.size).toBe(PAGES.length);
});

test("markup injected into a page cannot run script: inline, handler or foreign source", async ({
  page,
  cspViolations,
}) => {
  // As a stored XSS would: the console's own answer (its headers, its nonce) with the attacker's markup inside.
  await page.route("**/ops", async (route) => {
    const response = await route.fetch();
    const injected = [
      "<script>window.__inline = true</script>",
      '<script nonce="guessed">window.__guessed = true</script>',
      '<img src="/nothing.png" onerror="window.__handler = true">',
      '<script src="http://127.0.0.1:9/evil.js"></script>',
    ].join("");
    await route.fulfill({ response, body: (await response.text()).replace("</head>", `${injected}</head>`) });
  });
  await page.goto("/ops");
  await expect(page.getByRole("main")).toBeVisible();
  await page.waitForLoadState("networkidle", { timeout: 5000 }).catch(() => undefined);
  const ran = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    return { nonced: Array.isArray(w.__next_f), inline: w.__inline, guessed: w.__guessed, handler: w.__handler };
  });
  // Next's inline scripts carry the nonce and ran; none of the injected ones did.
  expect(ran).toEqual({ nonced: true, inline: undefined, guessed: undefined, handler: undefined });
  await expect.poll(() => cspViolations.length).toBeGreaterThanOrEqual(3);
  // These refusals are the point of this test, not a fault of the page.
  cspViolations.length = 0;
});

test.describe("a page of another origin", () => {
  let other: Server;
  let otherOrigin: string;

  test.beforeAll(async () => {
    // Another port of the same site, as the attacker of issue 24 used.
    other = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><title>framing</title><iframe id="victim" width="1000" height="700" src="${BASE_URL}/ops/withdrawals"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => other.listen(0, "localhost", resolve));
    otherOrigin = `http://localhost:${(other.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => other.close(() => resolve())));

  test("cannot frame the withdrawals queue, signed in", async ({ page, cspViolations }) => {
    const refusals: string[] = [];
    page.on("console", (message) => {
      if (/frame-ancestors|X-Frame-Options/i.test(message.text())) refusals.push(message.text());
    });
    const framed = page.waitForResponse((response) => response.url() === `${BASE_URL}/ops/withdrawals`);
    await page.goto(otherOrigin);
    // The console answered the frame's request (the session cookie went along)...
    expect((await framed).status()).toBe(200);
    // ...and the browser refused to show it: the frame holds Chromium's error page, not the queue.
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame).toBeDefined();
    await expect.poll(() => frame?.url()).toMatch(/^chrome-error:/);
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    expect(refusals.join("\n")).toContain("frame-ancestors 'none'");
    // The refusal is the point of this test, not a fault of the page.
    cspViolations.length = 0;
  });
});
