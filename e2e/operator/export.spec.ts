import { readFileSync } from "node:fs";
import { charge, createCompany, fund, withdrawal } from "../support/api";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";

/** The data lines of a CSV without quoted line breaks (the exports tested here have none). */
function parse(csv: string): string[][] {
  expect(csv.startsWith("\uFEFF")).toBe(true);
  return csv
    .slice(1)
    .split("\r\n")
    .filter((line) => line.length > 0)
    .map((line) => line.split(";"));
}

test("a CSV export holds every filtered row, across pages, with decimal commas", async ({ page }) => {
  test.setTimeout(120_000);
  const company = await createCompany("Export Test Ltda", { feePercent: "0", feeFixed: "0" });
  const pending = 104; // more than one page of the API (100)
  for (let i = 0; i < pending; i++) await charge(company.id, `${1000 + i}.5${i % 10}`, `Pedido ${i}; "especial"`);
  await charge(company.id, "7.00", "Pedido pago", "Pagador Único");

  await page.goto(`/ops/charges?company=${company.id}&status=PENDING`);
  await expect(page.getByRole("table", { name: t("charges.table.label") })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: t("exports.button") }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^cobrancas-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(readFileSync(await download.path(), "utf8"));
  const header = rows[0];
  // Headers in the reader's language (pt-BR here), values as the API names them.
  expect(header.slice(0, 8)).toEqual(
    (["id", "company", "companyId", "created", "status", "reserved", "reserveReason", "amount"] as const).map((key) =>
      t(`exports.headers.${key}`),
    ),
  );
  expect(header[0]).toBe("ID");
  expect(header[1]).toBe("Empresa");
  expect(header[2]).toBe("ID da empresa");
  const data = rows.slice(1);
  expect(data).toHaveLength(pending);
  expect(new Set(data.map((row) => row[0])).size).toBe(pending);
  // Companies are named, their id in a column of its own.
  expect(data.every((row) => row[4] === "PENDING" && row[1] === "Export Test Ltda" && row[2] === company.id)).toBe(
    true,
  );
  expect(data.every((row) => row[5] === t("exports.no"))).toBe(true);
  const amounts = data.map((row) => row[7]).sort();
  expect(amounts[0]).toBe("1000,50");
  expect(amounts).toContain("1103,53");
  // A field holding the separator and quotes is quoted, quotes doubled.
  expect(readFileSync(await download.path(), "utf8")).toContain('"Pedido 0; ""especial"""');

  const paid = await page.request.get(`/api/export/charges?company=${company.id}&status=PAID`);
  expect(paid.status()).toBe(200);
  expect(paid.headers()["content-type"]).toContain("text/csv");
  const paidRows = parse(await paid.text()).slice(1);
  expect(paidRows).toHaveLength(1);
  expect(paidRows[0][7]).toBe("7,00");
});

test("withdrawals and audit log export their filtered rows; unknown exports and strangers are refused", async ({
  page,
  browser,
}) => {
  const company = await createCompany("Export Withdrawals Ltda");
  await fund(company.id, "900.00");
  const created = [await withdrawal(company.id, "100.10"), await withdrawal(company.id, "200.20")];
  await page.goto(`/ops/withdrawals?company=${company.id}`);
  await expect(page.getByRole("link", { name: t("exports.button") })).toHaveAttribute(
    "href",
    `/api/export/withdrawals?view=queue&company=${company.id}`,
  );
  const queue = parse(
    await (await page.request.get(`/api/export/withdrawals?view=queue&company=${company.id}`)).text(),
  );
  expect(queue.slice(1).map((row) => row[1])).toEqual(created.map((w) => w.withdrawalReference));
  expect(queue.slice(1).map((row) => row[6])).toEqual(["100,10", "200,20"]);
  expect(queue.slice(1).map((row) => [row[2], row[3]])).toEqual([
    ["Export Withdrawals Ltda", company.id],
    ["Export Withdrawals Ltda", company.id],
  ]);
  // The schedule, the holder the bank tells (the sandbox's directory: known at creation) and the account.
  const extra = [
    "scheduledFor",
    "sendsOn",
    "recipientName",
    "recipientDocument",
    "recipientInstitution",
    "bankIspb",
    "bankBranch",
    "bankAccount",
    "bankAccountType",
    "bankHolderName",
    "bankHolderDocument",
  ] as const;
  expect(queue[0].slice(12)).toEqual(extra.map((key) => t(`exports.headers.${key}`)));
  expect(queue[1].slice(12)).toEqual([
    "",
    "",
    "Titular Sandbox 4725",
    "***.982.247-**",
    "Banco Sandbox",
    "",
    "",
    "",
    "",
    "",
    "",
  ]);

  const audit = parse(
    await (await page.request.get(`/api/export/audit-log?objectType=company&q=${company.id}`)).text(),
  );
  // The actor in words, its raw id beside it: the company was made with the operator token.
  expect(audit[0].slice(2, 6)).toEqual(
    (["actor", "actorId", "actorKind", "action"] as const).map((key) => t(`exports.headers.${key}`)),
  );
  expect(audit.slice(1).map((row) => row.slice(2, 6))).toEqual([
    [t("actors.operatorToken"), "operator:token", "OPERATOR", "company.create"],
  ]);

  const unknown = await page.request.get("/api/export/secrets");
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ error: "No export named secrets", code: "NOT_FOUND" });

  const stranger = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const forged = await stranger.request.get("/api/export/charges", {
    headers: { cookie: "pix_session=not-a-real-session" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(401);
  await stranger.close();
});

test("three concurrent exports of the whole audit log all complete, each whole and alike", async ({ page }) => {
  // Every export of the run so far has its audit rows: the log spans many pages of 200.
  const bodies = await Promise.all(
    [1, 2, 3].map(async () => {
      const answer = await page.request.get("/api/export/audit-log", { timeout: 90_000 });
      expect(answer.status()).toBe(200);
      return answer.text();
    }),
  );
  const lines = bodies.map((body) => parse(body));
  expect(lines[0].length).toBeGreaterThan(100);
  // Rows may be added while they run (newest first): each is whole, ending at the log's oldest row.
  for (const rows of lines) {
    expect(rows[0][0]).toBe("ID");
    expect(rows.at(-1)?.[0]).toBe(lines[0].at(-1)?.[0]);
  }
});
