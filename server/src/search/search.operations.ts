import { ArgsType, Field, ObjectType } from "type-graphql";
import { companyScope } from "../auth/model";
import { Charge } from "../charges/model";
import { Company } from "../companies";
import { declareOperations } from "../operation";
import { Withdrawal } from "../withdrawals/model";
import type { SearchService } from "./search.service";

interface SearchServices {
  search: SearchService;
}

const { operation } = declareOperations<SearchServices>();

@ObjectType({ description: "What the search box found, at most 10 of each kind." })
class SearchResult {
  @Field(() => [Charge])
  charges!: Charge[];

  @Field(() => [Withdrawal])
  withdrawals!: Withdrawal[];

  @Field(() => [Company])
  companies!: Company[];
}

@ArgsType()
class SearchArgs {
  @Field(() => String)
  query!: string;
}

export const searchOperations = [
  operation({
    name: "search",
    kind: "query",
    description:
      "Finds a charge by id, chg_ id, txid or e2e id; a withdrawal by id, WDR_ reference or e2e id; a company by id, " +
      "CNPJ or name prefix (any case). Merchants find only their own account's.",
    access: "caller",
    args: SearchArgs,
    output: () => SearchResult,
    run: ({ query }, ctx, { search }) => search.search(companyScope(ctx.principal), query),
  }),
];
