import { randomUUID } from "node:crypto";
import { ADMIN_TOKEN, BASE_URL } from "./env";

/**
 * GraphQL as the tests' seeding tool: the operator token for operator operations, a client
 * secret for the merchant's own view (what the merchant's API answers).
 */
export async function gql<T = unknown>(
  query: string,
  variables: Record<string, unknown> = {},
  token = ADMIN_TOKEN,
): Promise<T> {
  const response = await fetch(`${BASE_URL}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as {
    data?: T;
    errors?: Array<{ message: string; extensions?: { code?: string } }>;
  };
  if (body.errors?.length) {
    throw new Error(
      `GraphQL failed: ${body.errors.map((error) => `${error.extensions?.code}: ${error.message}`).join("; ")}`,
    );
  }
  return body.data as T;
}

/** A mutation without credential (acceptInvite): answers the data or throws. */
export async function gqlAnonymous<T = unknown>(query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${BASE_URL}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(`GraphQL failed: ${body.errors.map((error) => error.message).join("; ")}`);
  return body.data as T;
}

export async function createCompany(name: string, extra: Record<string, unknown> = {}) {
  const data = await gql<{
    createCompany: { company: { id: string }; clientSecret: string; ownerInvite: { inviteToken: string } | null };
  }>(
    `mutation($input: CreateCompanyInput!) {
      createCompany(input: $input) { company { id } clientSecret ownerInvite { inviteToken } }
    }`,
    { input: { name, ...extra } },
  );
  return {
    id: data.createCompany.company.id,
    name,
    clientSecret: data.createCompany.clientSecret,
    inviteToken: data.createCompany.ownerInvite?.inviteToken ?? null,
  };
}

export async function fund(companyId: string, amount: string, description = "Initial funding") {
  await gql(
    `mutation($companyId: ID!, $amount: Money!, $description: String!) {
      createAdjustment(companyId: $companyId, amount: $amount, description: $description) { id }
    }`,
    { companyId, amount, description },
  );
}

/** A charge, paid by a payer through the sandbox when `paidBy` is given. */
export async function charge(companyId: string, amount: string, description: string, paidBy?: string) {
  const { createCharge } = await gql<{ createCharge: { id: string } }>(
    `mutation($companyId: ID!, $input: CreateChargeInput!) { createCharge(companyId: $companyId, input: $input) { id } }`,
    { companyId, input: { amount, description } },
  );
  if (paidBy) {
    await gql(`mutation($id: ID!, $name: String) { simulateChargePayment(chargeId: $id, payerName: $name) { id } }`, {
      id: createCharge.id,
      name: paidBy,
    });
  }
  return createCharge.id;
}

export interface SeededWithdrawal {
  id: string;
  withdrawalReference: string;
  amount: string;
}

export async function withdrawal(
  companyId: string,
  amount: string,
  pixKey = "529.982.247-25",
  pixKeyType = "CPF",
  token = ADMIN_TOKEN,
) {
  const { createWithdrawal } = await gql<{ createWithdrawal: SeededWithdrawal }>(
    `mutation($companyId: ID!, $key: String!, $input: CreateWithdrawalInput!) {
      createWithdrawal(companyId: $companyId, idempotencyKey: $key, input: $input) { id withdrawalReference amount }
    }`,
    { companyId, key: randomUUID(), input: { amount, pixKey, pixKeyType } },
    token,
  );
  return createWithdrawal;
}

/**
 * A withdrawal the merchant asks for with its own credential: the operator token that approves
 * it is then not its maker, so one approval sends it (maker-checker: the maker never checks).
 */
export const withdrawalAskedByMerchant = (company: { id: string; clientSecret: string }, amount: string) =>
  withdrawal(company.id, amount, undefined, undefined, company.clientSecret);

export async function inviteOperator(email: string, name: string, role: "ADMIN" | "OPERATOR" | "VIEWER") {
  const { inviteOperator } = await gql<{ inviteOperator: { inviteToken: string } }>(
    `mutation($email: String!, $name: String, $role: OperatorRole!) {
      inviteOperator(email: $email, name: $name, role: $role) { inviteToken }
    }`,
    { email, name, role },
  );
  return inviteOperator.inviteToken;
}

export async function acceptInvite(token: string, password: string, name: string) {
  await gqlAnonymous(
    `mutation($token: String!, $password: String!, $name: String) { acceptInvite(token: $token, password: $password, name: $name) { id } }`,
    {
      token,
      password,
      name,
    },
  );
}

/** What the merchant's own API answers for a withdrawal (status as the merchant sees it). */
export async function merchantWithdrawal(clientSecret: string, id: string) {
  const response = await fetch(`${BASE_URL}/withdrawals/${id}`, {
    headers: { authorization: `Bearer ${clientSecret}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function merchantBalance(clientSecret: string): Promise<number> {
  const response = await fetch(`${BASE_URL}/charges/balance`, { headers: { authorization: `Bearer ${clientSecret}` } });
  return ((await response.json()) as { balance: number }).balance;
}
