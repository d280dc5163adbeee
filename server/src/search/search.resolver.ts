import { Arg, Authorized, Ctx, Field, ObjectType, Query, Resolver } from "type-graphql";
import { companyScope } from "../auth/principal";
import { Charge } from "../charges/charge.entity";
import { Company } from "../companies/company.entity";
import type { RequestContext } from "../graphql/context";
import { Withdrawal } from "../withdrawals/withdrawal.entity";

@ObjectType({ description: "What the search box found, at most 10 of each kind." })
class SearchResult {
  @Field(() => [Charge])
  charges!: Charge[];

  @Field(() => [Withdrawal])
  withdrawals!: Withdrawal[];

  @Field(() => [Company])
  companies!: Company[];
}

@Resolver()
export class SearchResolver {
  @Authorized()
  @Query(() => SearchResult, {
    description:
      "Finds a charge by id, chg_ id, txid or e2e id; a withdrawal by id, WDR_ reference or e2e id; a company by id, " +
      "CNPJ or name prefix (any case). Merchants find only their own account's.",
  })
  search(@Arg("query", () => String) query: string, @Ctx() ctx: RequestContext) {
    return ctx.services.search.search(companyScope(ctx.principal), query);
  }
}
