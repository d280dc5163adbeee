import { toLimitOffset } from "@/components/data-table/search-params";
import { type MONEY_BACK_FILTERS, moneyBackArguments } from "@/features/charges/search-params";
import type { ChargeStatus, ChargeType, MerchantChargeRowFragment } from "@/gql/graphql";
import { moneyToCentavos } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { dayRange } from "../statement/date-range";
import { MerchantChargeSearchDocument, MerchantChargesDocument } from "./documents";

export interface ChargeListParams {
  status: ChargeStatus | null;
  type: ChargeType | null;
  moneyBack: (typeof MONEY_BACK_FILTERS)[number] | null;
  q: string;
  from: string | null;
  to: string | null;
  page: number;
  perPage: number;
}

export interface ChargeListPage {
  rows: MerchantChargeRowFragment[];
  total: number;
  totalCapped: boolean;
  /** The rows are the search's answer (id, txid or e2e id), not a filtered page. */
  searched: boolean;
}

/**
 * One page of the merchant's charges. A search text goes to the API's search (exact id,
 * chg_ id, txid or e2e id of this account's charges); otherwise the list filtered by status
 * and created days.
 */
export async function fetchChargePage(params: ChargeListParams): Promise<ChargeListPage> {
  const q = params.q.trim();
  if (q) {
    const { search } = await execute(MerchantChargeSearchDocument, { query: q });
    const rows = search.charges.filter(
      (row) =>
        (!params.status || row.status === params.status) &&
        (!params.type || row.type === params.type) &&
        (params.moneyBack !== "refunded" || moneyToCentavos(row.refundedAmount) > 0n) &&
        (params.moneyBack !== "disputed" || moneyToCentavos(row.disputedAmount) > 0n),
    );
    return { rows, total: rows.length, totalCapped: false, searched: true };
  }
  const range = dayRange(params.from, params.to);
  const { charges } = await execute(MerchantChargesDocument, {
    status: params.status,
    type: params.type,
    ...moneyBackArguments(params.moneyBack),
    createdFrom: range.from,
    createdTo: range.to,
    ...toLimitOffset(params.page, params.perPage),
  });
  return { rows: charges.data, total: charges.total, totalCapped: charges.totalCapped, searched: false };
}
