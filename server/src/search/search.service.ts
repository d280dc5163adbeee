import type { ChargesService } from "../charges";
import type { Charge } from "../charges/model";
import type { CompaniesService, Company } from "../companies";
import { LAG_TOLERANT } from "../core/cancellable-read";
import { validationError } from "../core/errors";
import { CHARGE_ID_PATTERN, E2E_ID_PATTERN } from "../core/ids";
import type { WithdrawalsService } from "../withdrawals";
import type { Withdrawal } from "../withdrawals/model";

/** Results per kind. */
export const SEARCH_LIMIT = 10;
const MAX_QUERY_LENGTH = 100;

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const WITHDRAWAL_ID = /^wd_[A-Za-z0-9]{1,64}$/;
const WITHDRAWAL_REFERENCE = /^WDR_[A-Z0-9]{1,64}$/i;

export interface SearchResults {
  charges: Charge[];
  withdrawals: Withdrawal[];
  companies: Company[];
}

function unique<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id)).slice(0, SEARCH_LIMIT);
}

/**
 * The console's one search box. The text is tried as every key it could be, each looked up
 * by its own index (a unique one, or a prefix of the companies' lower-cased names): a charge
 * by id, chg_ id, txid or e2e id; a withdrawal by id, WDR_ reference or e2e id; a company by
 * id, CNPJ or name prefix. A merchant finds only its own account's rows.
 */
export class SearchService {
  constructor(
    private readonly charges: ChargesService,
    private readonly withdrawals: WithdrawalsService,
    private readonly companies: CompaniesService,
  ) {}

  async search(scopeCompanyId: string | null, raw: string): Promise<SearchResults> {
    const text = raw.trim();
    if (text.length === 0 || text.length > MAX_QUERY_LENGTH)
      throw validationError(`query must have 1 to ${MAX_QUERY_LENGTH} characters`);
    const charges: Array<Promise<Charge[]>> = [];
    const withdrawals: Array<Promise<Withdrawal[]>> = [];
    const chargeId = text.replace(/^chg_/i, "").toUpperCase();
    // The search box tolerates lag: its reads may go to the replica (contract §14).
    const findCharges = (column: "id" | "txid" | "e2e_id", value: string) =>
      this.charges.findChargesBy(scopeCompanyId, column, value, SEARCH_LIMIT, LAG_TOLERANT);
    const findWithdrawals = (column: "id" | "reference" | "e2e_id", value: string) =>
      this.withdrawals.findWithdrawalsBy(scopeCompanyId, column, value, SEARCH_LIMIT, LAG_TOLERANT);
    if (CHARGE_ID_PATTERN.test(chargeId)) charges.push(findCharges("id", chargeId));
    if (TXID.test(text)) charges.push(findCharges("txid", text));
    if (E2E_ID_PATTERN.test(text)) {
      charges.push(findCharges("e2e_id", text));
      withdrawals.push(findWithdrawals("e2e_id", text));
    }
    if (WITHDRAWAL_ID.test(text)) withdrawals.push(findWithdrawals("id", text));
    if (WITHDRAWAL_REFERENCE.test(text)) withdrawals.push(findWithdrawals("reference", text.toUpperCase()));
    const [foundCharges, foundWithdrawals, foundCompanies] = await Promise.all([
      Promise.all(charges),
      Promise.all(withdrawals),
      this.companies.searchCompanies(scopeCompanyId, text, SEARCH_LIMIT),
    ]);
    return {
      charges: unique(foundCharges.flat()),
      withdrawals: unique(foundWithdrawals.flat()),
      companies: foundCompanies,
    };
  }
}
