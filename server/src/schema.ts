import "reflect-metadata";
import type { GraphQLSchema } from "graphql";
import { buildSchema } from "type-graphql";
import { AuditEntryFieldsResolver, AuditResolver } from "./audit/audit.resolver";
import { ChargeFields } from "./charges/charges.fields";
import { ConsoleUsersResolver } from "./console-users/console-users.resolver";
import { MerchantOverviewResolver, OperatorDashboardResolver } from "./dashboards/dashboards.resolver";
import { DisputesResolver } from "./disputes/disputes.resolver";
import { authChecker } from "./graphql/context";
import { operationResolvers } from "./graphql/operation-fields";
import { compileOperationResolvers } from "./graphql/operation-resolvers";
import { plainFieldResolvers } from "./graphql/plain-fields";
import { LedgerEntryResolver, LedgerResolver } from "./ledger/ledger.resolver";
import { OPERATIONS } from "./operations";
import { ProviderStatusResolver } from "./provider/efi/provider-status.resolver";
import { ProviderResolver } from "./provider/provider.resolver";
import { RefundRequestsResolver } from "./refunds/refund-requests.resolver";
import { RefundsResolver } from "./refunds/refunds.resolver";
import { SearchResolver } from "./search/search.resolver";
import { TwoFactorResolver } from "./two-factor/two-factor.resolver";
import { WithdrawalFields, WithdrawalTransitionFields } from "./withdrawals/withdrawals.fields";

export const RESOLVERS = [
  ChargeFields,
  LedgerResolver,
  LedgerEntryResolver,
  WithdrawalFields,
  WithdrawalTransitionFields,
  RefundsResolver,
  RefundRequestsResolver,
  DisputesResolver,
  ProviderResolver,
  ProviderStatusResolver,
  ConsoleUsersResolver,
  TwoFactorResolver,
  AuditResolver,
  AuditEntryFieldsResolver,
  SearchResolver,
  OperatorDashboardResolver,
  MerchantOverviewResolver,
  ...operationResolvers(OPERATIONS),
] as const;

let built: Promise<GraphQLSchema> | undefined;

/** The one schema of the service: GraphQL, the REST routes and the console all run on it. */
export function buildAppSchema(): Promise<GraphQLSchema> {
  built ??= buildSchema({ resolvers: RESOLVERS, authChecker, validate: false }).then((schema) =>
    compileOperationResolvers(plainFieldResolvers(schema), authChecker),
  );
  return built;
}
