/**
 * The accounts and the charge the cases load, made through the real service's own API (as
 * an operator and a merchant would), so they are exactly what the service itself writes.
 */
export interface Merchant {
  companyId: string;
  secret: string;
}

export interface Fixtures {
  /** The account of the real-versus-minimal cases, funded for the withdrawals. */
  merchant: Merchant;
  /** A PAID charge of that account, read by GET /charges/:id. */
  chargeId: string;
  /** A PAID charge of the largest amount, refunded a centavo at a time by the refund case. */
  refundChargeId: string;
}

/** A credit an adjustment may carry at most: 99,999,999.99 BRL. */
export const MAX_ADJUSTMENT = "99999999.99";

export class ApiClient {
  constructor(
    private readonly baseUrl: string,
    private readonly operatorToken: string,
  ) {}

  async graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const response = await fetch(`${this.baseUrl}/graphql`, {
      method: "POST",
      headers: { authorization: `Bearer ${this.operatorToken}`, "content-type": "application/json" },
      body: JSON.stringify({ query, variables }),
    });
    const result = (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
    if (!response.ok || result.errors?.length || !result.data) {
      throw new Error(`GraphQL ${query.trim().split(/\s+/, 2).join(" ")}: ${JSON.stringify(result.errors ?? result)}`);
    }
    return result.data;
  }

  async rest<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  async createMerchant(name: string): Promise<Merchant> {
    const data = await this.graphql<{ createCompany: { company: { id: string }; clientSecret: string } }>(
      "mutation($input: CreateCompanyInput!) { createCompany(input: $input) { company { id } clientSecret } }",
      { input: { name } },
    );
    return { companyId: data.createCompany.company.id, secret: data.createCompany.clientSecret };
  }

  async fund(companyId: string, amount: string): Promise<void> {
    await this.graphql(
      "mutation($c: ID!, $a: Money!, $d: String!) { createAdjustment(companyId: $c, amount: $a, description: $d) { id } }",
      { c: companyId, a: amount, d: "bench funding" },
    );
  }

  async createPaidCharge(merchant: Merchant, amount = 150.5): Promise<string> {
    const charge = await this.rest<{ id: string }>("POST", "/charges", merchant.secret, {
      amount,
      description: "bench charge",
    });
    await this.graphql(
      "mutation($id: ID!, $p: String) { simulateChargePayment(chargeId: $id, payerName: $p) { id } }",
      {
        id: charge.id,
        p: "Maria Silva",
      },
    );
    return charge.id;
  }

  /** The operator's recomputation of the balance from source rows, compared with the ledger. */
  async auditBalance(
    companyId: string,
  ): Promise<{ consistent: boolean; runningBalance: string; ledgerEntries: number }> {
    const data = await this.graphql<{
      balanceAudit: { consistent: boolean; runningBalance: string; ledgerEntries: number };
    }>("query($c: ID!) { balanceAudit(companyId: $c) { consistent runningBalance ledgerEntries } }", { c: companyId });
    return data.balanceAudit;
  }
}

export async function createFixtures(api: ApiClient): Promise<Fixtures> {
  const merchant = await api.createMerchant("Bench Loja");
  await api.fund(merchant.companyId, MAX_ADJUSTMENT);
  const chargeId = await api.createPaidCharge(merchant);
  const refundChargeId = await api.createPaidCharge(merchant, 99_999_999.99);
  return { merchant, chargeId, refundChargeId };
}
