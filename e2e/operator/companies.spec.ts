import { randomUUID } from "node:crypto";
import { formatDateTime } from "../../admin-ui/lib/format";
import { startReceiver } from "../merchant/webhook-receiver";
import { charge, createCompany, fund, gql } from "../support/api";
import { sql } from "../support/database";
import { BASE_URL } from "../support/env";
import { expect, test } from "../support/fixtures";
import { t } from "../support/i18n";
import { checkPage } from "../support/page-check";
import { readSeed } from "../support/seed";

// Several pages per test, each screenshot at two widths and checked by axe, on a shared machine.
test.describe.configure({ timeout: 120_000 });

test("the overview shows what needs an operator", async ({ page }) => {
  await page.goto("/ops");
  await expect(page.getByRole("region", { name: t("overview.headline") })).toContainText(
    t("overview.withdrawalsWaiting"),
  );
  await expect(page.getByRole("heading", { name: t("overview.queue.title") })).toBeVisible();
  await expect(page.getByRole("figure")).toContainText(
    t("overview.volume.summary", { paid: "R$", withdrawn: "" }).split("R$")[0],
  );
  // The axis reads whole amounts ("R$ 400,0 mil" once lost its "R" to the chart's left edge).
  const figure = await page.getByRole("figure").boundingBox();
  const ticks = page.locator("[data-chart-tick]");
  expect(await ticks.count()).toBe(5);
  for (const tick of await ticks.all()) {
    expect(await tick.innerText()).toMatch(/^R\$/);
    expect((await tick.boundingBox())?.x).toBeGreaterThanOrEqual(figure?.x ?? Number.POSITIVE_INFINITY);
  }
  // checkPage also holds it to the phone's width (the queue's long references once pushed it 23 px wider).
  await checkPage(page, "ops-overview");
});

test("companies can be searched by name or CNPJ, in the URL", async ({ page }) => {
  await page.goto("/ops/companies");
  await expect(page.getByRole("link", { name: "Mercado Central Ltda" }).first()).toBeVisible();
  await checkPage(page, "ops-companies");
  const table = page.getByRole("table", { name: t("companies.table.label") });
  // A name prefix no other spec's company shares (specs running beside this one make "Loja …" companies).
  await page.getByLabel(t("companies.search.label")).fill("loja aurora");
  await expect(page).toHaveURL(/q=loja(\+|%20)aurora/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Loja Aurora Moda");
  await page.goto("/ops/companies?q=11222333000181");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Mercado Central Ltda");
  await expect(table).toContainText("11.222.333/0001-81");
});

test("a company page splits the balance into the formula's parts and checks it", async ({ page }) => {
  const { padaria } = readSeed();
  const { balanceAudit } = await gql<{ balanceAudit: { runningBalance: string; consistent: boolean } }>(
    `query($id: ID!) { balanceAudit(companyId: $id) { runningBalance consistent } }`,
    {
      id: padaria.id,
    },
  );
  expect(balanceAudit.consistent).toBe(true);
  await page.goto(`/ops/companies/${padaria.id}`);
  await expect(page.getByRole("heading", { name: "Padaria Pão Quente" })).toBeVisible();
  const expected = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(
    Number(balanceAudit.runningBalance),
  );
  await expect(page.getByRole("region", { name: t("companies.page.balance") })).toContainText(expected);
  await expect(page.getByText(t("companies.audit.consistent"))).toBeVisible();
  await expect(page.getByRole("table", { name: t("companies.charges.label") })).toContainText("Maria Silva");
  await checkPage(page, "ops-company-charges");
  await page.getByRole("tab", { name: t("companies.tabs.withdrawals") }).click();
  await expect(page).toHaveURL(/tab=withdrawals/);
  await expect(page.getByRole("table", { name: t("companies.withdrawals.label") })).toContainText("R$ 120,00");
  await checkPage(page, "ops-company-withdrawals");
  await page.getByRole("tab", { name: t("companies.tabs.adjustments") }).click();
  await expect(page.getByRole("table", { name: t("companies.adjustments.label") })).toContainText("Welcome credit");
  await checkPage(page, "ops-company-adjustments");
});

test("an unknown company answers the not-found page", async ({ page }) => {
  await page.goto("/ops/companies/comp_doesnotexist");
  await expect(page.getByRole("heading", { name: t("shell.notFound.title") })).toBeVisible();
});

test("a company page shows its CNPJ and the account's actions", async ({ page }) => {
  const { companies } = await gql<{ companies: { data: Array<{ id: string }> } }>(
    `query { companies(search: "11222333000181") { data { id } } }`,
  );
  await page.goto(`/ops/companies/${companies.data[0].id}`);
  await expect(page.getByTestId("company-cnpj")).toHaveText(t("companies.page.cnpj", { cnpj: "11.222.333/0001-81" }));
  const actions = page.getByRole("navigation", { name: t("companies.page.actions.label") });
  await expect(actions.getByRole("link", { name: t("companies.page.actions.charges") })).toHaveAttribute(
    "href",
    `/ops/charges?company=${companies.data[0].id}`,
  );
  await expect(actions.getByRole("button", { name: t("adjustments.create.open") })).toBeVisible();
  await expect(page.getByRole("button", { name: t("companies.form.edit") })).toBeVisible();
});

test("an operator creates a company from the console, its CNPJ checked, then edits it", async ({ page }) => {
  await page.goto("/ops/companies");
  await page.getByRole("button", { name: t("companies.form.new") }).click();
  const dialog = page.getByRole("dialog", { name: t("companies.form.newTitle") });
  await dialog.getByLabel(t("companies.form.name")).fill("Quitanda Ipê Roxo");
  // A wrong check digit: refused beside the field by the service's own validator, nothing sent.
  await dialog.getByLabel(t("companies.form.cnpj")).fill("11.222.333/0001-82");
  // Each fee field names its unit.
  await expect(dialog.locator("label", { hasText: t("companies.form.feePercent") })).toHaveText(/\(%\)$/);
  await expect(dialog.locator("label", { hasText: t("companies.form.feeFixed") })).toHaveText(/\(R\$\)$/);
  await dialog.getByLabel(t("companies.form.feePercent")).fill("1,5");
  await dialog.getByRole("button", { name: t("companies.form.create") }).click();
  await expect(dialog.getByRole("alert")).toHaveText(t("companies.form.errors.cnpj"));
  await expect(dialog.locator("label", { hasText: t("companies.form.autoApproveLimit") })).toHaveText(/\(R\$\)$/);
  // Fields side by side stay aligned when one of them grows an error below it.
  const top = async (label: string) => (await dialog.getByLabel(label).boundingBox())?.y;
  expect(await top(t("companies.form.city"))).toBe(await top(t("companies.form.cnpj")));
  await checkPage(page, "ops-company-new");
  // The API's own answer to a bad value comes back as its code, in the reader's language.
  await dialog.getByLabel(t("companies.form.cnpj")).fill("");
  await dialog.getByLabel(t("companies.form.name")).fill("Q".repeat(300));
  await dialog.getByRole("button", { name: t("companies.form.create") }).click();
  await expect(dialog.getByRole("alert")).toContainText(t("errors.codes.VALIDATION_ERROR"));
  await dialog.getByLabel(t("companies.form.name")).fill("Quitanda Ipê Roxo");
  await dialog.getByLabel(t("companies.form.cnpj")).fill("45.723.174/0001-10");
  // An owner's address that is no e-mail: refused beside its field (the check the team's invite uses), nothing sent.
  await dialog.getByLabel(t("companies.form.ownerEmail")).fill("dona@quitanda");
  await dialog.getByRole("button", { name: t("companies.form.create") }).click();
  await expect(dialog.getByRole("alert")).toHaveText(t("companies.form.errors.ownerEmail"));
  await dialog.getByLabel(t("companies.form.ownerEmail")).fill("dona@quitanda-ipe.test");
  await dialog.getByRole("button", { name: t("companies.form.create") }).click();
  const created = page.getByRole("dialog", { name: t("companies.form.createdTitle", { name: "Quitanda Ipê Roxo" }) });
  await expect(created.getByTestId("client-secret")).toHaveText(/\S{20,}/);
  await expect(created.getByTestId("owner-invite-url")).toContainText("/accept-invite?token=");
  await created.getByRole("link", { name: t("companies.form.openCompany") }).click();
  await expect(page.getByRole("heading", { name: "Quitanda Ipê Roxo" })).toBeVisible();
  await expect(page.getByTestId("company-cnpj")).toHaveText(t("companies.page.cnpj", { cnpj: "45.723.174/0001-10" }));
  await expect(page.getByText("1,50 %")).toBeVisible();

  await page.getByRole("button", { name: t("companies.form.edit") }).click();
  const edit = page.getByRole("dialog", { name: t("companies.form.editTitle", { name: "Quitanda Ipê Roxo" }) });
  await expect(edit.getByLabel(t("companies.form.feePercent"))).toHaveValue("1,50");
  // The stored 14 characters come back masked, as the list and the page show them (formatDocument).
  await expect(edit.getByLabel(t("companies.form.cnpj"))).toHaveValue("45.723.174/0001-10");
  await edit.getByLabel(t("companies.form.name")).fill("Quitanda Ipê Branco");
  await edit.getByLabel(t("companies.form.feeFixed")).fill("0,35");
  await edit.getByRole("button", { name: t("companies.form.save") }).click();
  await expect(page.getByRole("heading", { name: "Quitanda Ipê Branco" })).toBeVisible();
  await expect(page.getByText("1,50 % + R$ 0,35")).toBeVisible();
  await checkPage(page, "ops-company-edited");
});

/** Today in São Paulo moved by `days`, as yyyy-mm-dd. */
function saoPauloDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const [year, month, day] = today.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** yyyy-mm-dd as the console writes it, dd/mm/aaaa. */
const brDay = (iso: string) => iso.split("-").reverse().join("/");

interface EndpointFacts {
  id: string;
  url: string;
  failingSince: string | null;
  consecutiveFailures: number;
}

async function endpointsOf(companyId: string) {
  const { webhookEndpoints } = await gql<{ webhookEndpoints: { data: EndpointFacts[] } }>(
    "query($c: ID!) { webhookEndpoints(companyId: $c) { data { id url failingSince consecutiveFailures } } }",
    { c: companyId },
  );
  return webhookEndpoints.data;
}

test("a company page lists the account's webhook endpoints, and the table counts them", async ({ page }) => {
  // CONTRACT §15: the account's own URL (its first endpoint), one for two events whose receiver is
  // gone (failing), and one the merchant switched off.
  const live = await startReceiver();
  const gone = await startReceiver();
  await gone.close();
  const company = await createCompany("Empório Jatobá", { webhookUrl: live.url });
  const merchantApi = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${BASE_URL}${path}`, {
      method,
      headers: { authorization: `Bearer ${company.clientSecret}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return (await response.json()) as { id: string };
  };
  const failing = await merchantApi("POST", "/webhook-endpoints", {
    url: gone.url,
    events: ["charge.paid", "charge.expired"],
  });
  const off = await merchantApi("POST", "/webhook-endpoints", { url: `${live.url}/desligado`, events: ["*"] });
  await merchantApi("PATCH", `/webhook-endpoints/${off.id}`, { status: "DISABLED" });
  // A payment: the account's URL takes it, the gone receiver's endpoint starts failing.
  await charge(company.id, "15.00", "Cesta de frutas", "Maria Souza");
  await expect
    .poll(async () => (await endpointsOf(company.id)).find((e) => e.id === failing.id)?.failingSince ?? null, {
      timeout: 30_000,
    })
    .not.toBeNull();

  await page.goto(`/ops/companies/${company.id}`);
  const card = page.getByTestId("company-endpoints");
  await expect(card.getByRole("heading", { name: "Endpoints de webhook" })).toBeVisible();
  await expect(card).toContainText("3 endpoints; até 10 por conta");
  const rows = card.getByTestId("company-endpoint");
  await expect(rows).toHaveCount(3);
  // The account's own endpoint first, then oldest first.
  await expect(rows.nth(0).getByTestId("company-endpoint-url")).toHaveText(live.url);
  await expect(rows.nth(0)).toContainText("URL da conta");
  await expect(rows.nth(0).getByTestId("company-endpoint-status")).toHaveText("Ativo");
  await expect(rows.nth(0).getByTestId("company-endpoint-events")).toHaveText("Todos os eventos");
  await expect(rows.nth(0).getByTestId("company-endpoint-failing")).toHaveCount(0);
  await expect(rows.nth(1).getByTestId("company-endpoint-url")).toHaveText(gone.url);
  await expect(rows.nth(1).getByTestId("company-endpoint-status")).toHaveText("Ativo");
  await expect(rows.nth(1).getByTestId("company-endpoint-events")).toHaveText("2 eventos");
  // Failing since its first failed attempt, with the failures in a row (the retry may add one meanwhile).
  await expect(async () => {
    await page.reload();
    const facts = (await endpointsOf(company.id)).find((e) => e.id === failing.id) as EndpointFacts;
    const since = formatDateTime(facts.failingSince as string);
    const failures =
      facts.consecutiveFailures === 1 ? "1 falha seguida" : `${facts.consecutiveFailures} falhas seguidas`;
    await expect(rows.nth(1).getByTestId("company-endpoint-failing")).toHaveText(
      `Falhando desde ${since} · ${failures}`,
      { timeout: 1000 },
    );
  }).toPass({ timeout: 20_000 });
  await expect(rows.nth(2).getByTestId("company-endpoint-url")).toHaveText(`${live.url}/desligado`);
  await expect(rows.nth(2).getByTestId("company-endpoint-status")).toHaveText("Desativado");
  await expect(rows.nth(2).getByTestId("company-endpoint-events")).toHaveText("Todos os eventos");
  // The way to the operator's webhooks page: the account's deliveries, and each endpoint's.
  await expect(card.getByRole("link", { name: "Ver entregas da conta" })).toHaveAttribute(
    "href",
    `/ops/webhooks?company=${company.id}`,
  );
  await expect(rows.nth(1).getByRole("link", { name: "Ver entregas" })).toHaveAttribute(
    "href",
    `/ops/webhooks?company=${company.id}&endpoint=${failing.id}`,
  );
  // The legacy single URL is no longer a line of the settings card: it is the first endpoint above.
  await expect(page.getByText("URL do webhook", { exact: true })).toHaveCount(0);
  await checkPage(page, "ops-company-endpoints");
  await rows.nth(1).getByRole("link", { name: "Ver entregas" }).click();
  await expect(page).toHaveURL(`/ops/webhooks?company=${company.id}&endpoint=${failing.id}`);
  await live.close();

  // An account without any: the empty state, and "Nenhum endpoint" in the table.
  const bare = await createCompany("Empório Sem Gancho");
  await page.goto(`/ops/companies/${bare.id}`);
  const empty = page.getByTestId("company-endpoints");
  await expect(empty.getByTestId("company-endpoint")).toHaveCount(0);
  await expect(empty).toContainText("Até 10 por conta");
  await expect(empty).toContainText("Nenhum endpoint de webhook");
  await expect(empty).toContainText(
    "A conta não recebe eventos: o lojista define a URL da conta ou adiciona endpoints no painel.",
  );
  await checkPage(page, "ops-company-no-endpoints");

  // The table: the number of endpoints where the legacy URL's "Configurado" was.
  await page.goto("/ops/companies?q=empório");
  const table = page.getByRole("table", { name: t("companies.table.label") });
  await expect(table.getByRole("columnheader", { name: "Webhooks" })).toBeVisible();
  await expect(
    table.getByRole("row").filter({ hasText: "Empório Jatobá" }).getByTestId("company-endpoint-count"),
  ).toHaveText("3 endpoints");
  await expect(
    table.getByRole("row").filter({ hasText: "Empório Sem Gancho" }).getByTestId("company-endpoint-count"),
  ).toHaveText("Nenhum endpoint");
  await checkPage(page, "ops-companies-endpoints");
});

test("the overview's queue says when a scheduled payout goes, at both widths", async ({ page }) => {
  const company = await createCompany("Ateliê Data Marcada");
  await fund(company.id, "50.00");
  const scheduledFor = saoPauloDay(10);
  const { createWithdrawal: created } = await gql<{
    createWithdrawal: { id: string; withdrawalReference: string; scheduledFor: string; sendsOn: string };
  }>(
    `mutation($c: ID!, $key: String!, $input: CreateWithdrawalInput!) {
      createWithdrawal(companyId: $c, idempotencyKey: $key, input: $input) { id withdrawalReference scheduledFor sendsOn }
    }`,
    {
      c: company.id,
      key: randomUUID(),
      input: { amount: "12.34", pixKey: "529.982.247-25", pixKeyType: "CPF", scheduledFor },
    },
  );
  expect(created.scheduledFor).toBe(scheduledFor);
  // The overview lists the five oldest PENDING withdrawals of every account: this one is made
  // the oldest (its request moved a month back), then rejected so the queue is as it was.
  await sql("UPDATE withdrawals SET created_at = created_at - interval '30 days' WHERE id = $1", [created.id]);
  try {
    await page.goto("/ops");
    const row = page.getByRole("listitem").filter({ hasText: created.withdrawalReference });
    const asked = `Agendado para ${brDay(scheduledFor)}`;
    // A weekend or holiday moves the send day: said beside it.
    const text =
      created.sendsOn === scheduledFor ? asked : `${asked} · envio em ${brDay(created.sendsOn)} (próximo dia útil)`;
    await expect(row).toContainText("R$ 12,34");
    await expect(row.getByText(text, { exact: true })).toBeVisible();
    // Still waiting for an operator: pending, not yet "Agendado" as an approved one's badge reads.
    await expect(row.locator("[data-slot=badge]")).toHaveText("Aguardando aprovação");
    await checkPage(page, "ops-overview-scheduled");
    // On a phone the status badge gives way; the schedule stays.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row.getByText(text, { exact: true })).toBeVisible();
  } finally {
    await gql('mutation($id: ID!) { rejectWithdrawal(id: $id, reason: "Fim do teste") { status } }', {
      id: created.id,
    });
  }
});
