import { mkdirSync, writeFileSync } from "node:fs";
import { expect, test as setup } from "@playwright/test";
import { acceptInvite, charge, createCompany, fund, inviteOperator, withdrawal } from "../support/api";
import { type Role, SEED_FILE, storageStateOf, USERS } from "../support/env";
import { submitSignIn } from "../support/sign-in";

/**
 * Seeds the run's fresh database through GraphQL (as an operator with the API token would),
 * then signs in once per role through the real sign-in page and saves each session for the
 * specs of that role.
 */
setup.describe.configure({ mode: "serial" });

setup("seed accounts, charges, withdrawals and console users", async () => {
  const padaria = await createCompany("Padaria Pão Quente", { ownerEmail: USERS.merchant.email, feePercent: "0.99" });
  await acceptInvite(padaria.inviteToken!, USERS.merchant.password, USERS.merchant.name);
  await acceptInvite(
    await inviteOperator(USERS.viewer.email, USERS.viewer.name, "VIEWER"),
    USERS.viewer.password,
    USERS.viewer.name,
  );

  for (const [amount, description, payer] of [
    ["150.50", "Pedido 42 · pães e frios", "Maria Silva"],
    ["89.90", "Encomenda bolo de aniversário", "João Pereira"],
    ["1240.00", "Coffee break corporativo", "Construtora Horizonte"],
    ["32.40", "Pedido 57", "Ana Costa"],
    ["18.00", "Pedido 58", undefined],
  ] as const) {
    await charge(padaria.id, amount, description, payer);
  }
  await fund(padaria.id, "500.00", "Welcome credit");
  await withdrawal(padaria.id, "120.00", "marta@padaria.test", "EMAIL");

  const others = [];
  for (const [name, credit, cnpj] of [
    ["Loja Aurora Moda", "8400.00", undefined],
    ["Mercado Central Ltda", "15250.75", "11.222.333/0001-81"],
    ["Café Bom Dia", "940.10", undefined],
    ["Oficina Digital ME", "3200.00", undefined],
  ] as const) {
    const company = await createCompany(name, cnpj ? { cnpj } : {});
    await fund(company.id, credit, "Opening balance");
    await charge(company.id, "249.90", "Venda balcão", "Cliente Balcão");
    others.push(company);
  }
  await withdrawal(others[0].id, "1500.00", "12.345.678/0001-95", "CNPJ");
  await withdrawal(others[1].id, "4999.99", "+5511987654321", "TELEFONE");
  await withdrawal(others[2].id, "75.25", "caf3b0a1-9d2e-4c8b-a1f0-6e2d9c4b7a10", "ALEATORIA");

  mkdirSync("e2e/.auth", { recursive: true });
  writeFileSync(
    SEED_FILE,
    JSON.stringify(
      { padaria, others: others.map(({ id, name, clientSecret }) => ({ id, name, clientSecret })) },
      null,
      2,
    ),
  );
});

for (const role of ["admin", "viewer", "merchant"] as Role[]) {
  setup(`sign in as ${role}`, async ({ page }) => {
    const user = USERS[role];
    await page.goto("/login");
    await submitSignIn(page, user.email, user.password);
    await expect(page).toHaveURL(role === "merchant" ? /\/m$/ : /\/ops$/);
    await page.context().storageState({ path: storageStateOf(role) });
  });
}
