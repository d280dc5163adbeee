import type { DataSource } from "typeorm";
import { type AuditContext, appendAudit } from "../audit";
import { type CancelSignal, LAG_TOLERANT, readCancellable } from "../core/cancellable-read";
import { entityRowMapper } from "../core/entity-rows";
import { validationError } from "../core/errors";
import { newCustomerId } from "../core/ids";
import { CREATED_KEY, type Page, type PageArgs, readPage, readPageWindow, SqlParams } from "../core/pagination";
import { poolRows, queryRows, type SqlRunner } from "../core/sql";
import { runTransaction } from "../core/transactions";
import { canonicalizePixKey } from "../withdrawals/model";
import { Customer } from "./customer.entity";
import { customerExists, customerNotFound } from "./customers.errors";
import { checkPayer } from "./payer-document";

export interface NewCustomer {
  name: string;
  cpf?: string | null;
  cnpj?: string | null;
  email?: string | null;
  phone?: string | null;
}

const CUSTOMER_ID = /^cus_[A-Za-z0-9]{1,64}$/;

/** An e-mail address as withdrawal keys check one (at most 77 characters), lower case; null when absent. */
function checkEmail(email: string | null | undefined): string | null {
  if (email == null) return null;
  const checked = canonicalizePixKey("EMAIL", email.trim());
  if (!checked.ok) throw validationError("email is not a valid e-mail address (at most 77 characters)");
  return checked.key;
}

/** A Brazilian phone number: "+55" and 10 or 11 digits, or the 10 or 11 digits alone. */
function checkPhone(phone: string | null | undefined): string | null {
  if (phone == null) return null;
  const digits = phone.trim();
  const international = /^\d{10,11}$/.test(digits) ? `+55${digits}` : digits;
  const checked = canonicalizePixKey("TELEFONE", international);
  if (!checked.ok) throw validationError("phone must be +55, a two-digit area code and 8 or 9 digits");
  return checked.key;
}

/** An account's payers (CONTRACT §11): one per CPF or CNPJ in an account. */
export class CustomersService {
  private readonly customerFromRow: (row: Record<string, unknown>) => Customer;

  constructor(private readonly db: DataSource) {
    this.customerFromRow = entityRowMapper(db, Customer);
  }

  /** A new customer of the account; another with the same document is 409 CUSTOMER_EXISTS. */
  async createCustomer(companyId: string, input: NewCustomer, audit: AuditContext | null = null): Promise<Customer> {
    const payer = checkPayer(input, "");
    const customer: Customer = {
      id: newCustomerId(),
      companyId,
      name: payer.name,
      document: payer.document,
      email: checkEmail(input.email),
      phone: checkPhone(input.phone),
      createdAt: new Date(),
    };
    return runTransaction(this.db, async (em) => {
      const inserted = await queryRows<Record<string, unknown>>(
        em,
        `INSERT INTO customers (id, company_id, name, document, email, phone, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (company_id, document) DO NOTHING RETURNING id`,
        [customer.id, companyId, customer.name, customer.document, customer.email, customer.phone, customer.createdAt],
      );
      if (inserted.length === 0) {
        const [existing] = await queryRows<{ id: string }>(
          em,
          "SELECT id FROM customers WHERE company_id = $1 AND document = $2",
          [companyId, customer.document],
        );
        throw customerExists(existing?.id ?? "");
      }
      await appendAudit(em, audit, {
        action: "customer.create",
        objectType: "customer",
        objectId: customer.id,
        companyId,
        after: { name: customer.name, document: customer.document, email: customer.email, phone: customer.phone },
      });
      return customer;
    });
  }

  /** A customer of the account (any account's for the operator: null); another account's is 404. */
  async getCustomer(scopeCompanyId: string | null, id: string): Promise<Customer> {
    if (!CUSTOMER_ID.test(id)) throw customerNotFound();
    const scoped = scopeCompanyId === null ? "" : " AND company_id = $2";
    const [row] = await poolRows<Record<string, unknown>>(
      this.db,
      `SELECT * FROM customers WHERE id = $1${scoped}`,
      scopeCompanyId === null ? [id] : [id, scopeCompanyId],
    );
    if (!row) throw customerNotFound();
    return this.customerFromRow(row);
  }

  /** The customer a new charge names; null unless it is one of the account's. */
  async findCustomerOfAccount(runner: SqlRunner, companyId: string, id: string): Promise<Customer | null> {
    if (!CUSTOMER_ID.test(id)) return null;
    const [row] = await queryRows<Record<string, unknown>>(
      runner,
      "SELECT * FROM customers WHERE id = $1 AND company_id = $2",
      [id, companyId],
    );
    return row ? this.customerFromRow(row) : null;
  }

  /**
   * The account's customers (every account's for the operator), newest first; `document`
   * (a CPF or CNPJ, punctuated or not) finds one. The total is exact: an account's payers
   * are a bounded set, counted on the account's index.
   */
  async listCustomers(
    scopeCompanyId: string | null,
    filter: PageArgs & { document?: string | null },
    signal?: CancelSignal,
  ): Promise<Page<Customer>> {
    const window = readPageWindow(filter);
    const params = new SqlParams();
    const where: string[] = [];
    if (scopeCompanyId !== null) where.push(`company_id = ${params.add(scopeCompanyId)}`);
    if (filter.document != null) {
      const document = filter.document.replace(/[.\-/\s]/g, "").toUpperCase();
      if (!/^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$/.test(document)) {
        throw validationError("document must be a CPF (11 digits) or a CNPJ (14 characters)");
      }
      where.push(`document = ${params.add(document)}`);
    }
    const query = {
      cursorTag: "customers",
      from: "customers",
      columns: "*",
      key: CREATED_KEY,
      branches: [where],
      params,
    };
    // A list: the replica may serve it (contract §14).
    return readCancellable(
      this.db,
      signal,
      (sql) =>
        readPage(sql, query, window, this.customerFromRow, async () => {
          const text = `SELECT count(*) AS n FROM customers${where.length ? ` WHERE ${where.join(" AND ")}` : ""}`;
          const [row] = await queryRows<{ n: string }>(sql, text, params.values);
          return { total: Number(row.n), capped: false };
        }),
      LAG_TOLERANT,
    );
  }
}
