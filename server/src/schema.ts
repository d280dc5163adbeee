import "reflect-metadata";
import type { GraphQLSchema } from "graphql";
import { buildSchema } from "type-graphql";
import { AuditEntryFields } from "./audit/audit.fields";
import { ChargeFields } from "./charges/charges.fields";
import { AutoApproveLimitRequestFields, CompanyFields } from "./companies/companies.fields";
import { MerchantOverviewFields, OperatorDashboardFields } from "./dashboards/dashboards.fields";
import { DisputeFields } from "./disputes/disputes.fields";
import { bindOperationResolvers, operationResolvers } from "./graphql/operation-fields";
import { plainFieldResolvers } from "./graphql/plain-fields";
import { AdjustmentFields, LedgerEntryFields } from "./ledger/ledger.fields";
import { OPERATIONS } from "./operations";
import { RecurrenceFields } from "./recurrences/recurrences.fields";
import { RefundRequestFields } from "./refunds/refund-requests.fields";
import {
  WithdrawalApprovalFields,
  WithdrawalFields,
  WithdrawalTransitionFields,
} from "./withdrawals/withdrawals.fields";

export const RESOLVERS = [
  ChargeFields,
  CompanyFields,
  AutoApproveLimitRequestFields,
  LedgerEntryFields,
  AdjustmentFields,
  WithdrawalFields,
  WithdrawalTransitionFields,
  WithdrawalApprovalFields,
  RefundRequestFields,
  DisputeFields,
  RecurrenceFields,
  AuditEntryFields,
  OperatorDashboardFields,
  MerchantOverviewFields,
  ...operationResolvers(OPERATIONS),
] as const;

let built: Promise<GraphQLSchema> | undefined;

/** The one schema of the service: GraphQL, the REST routes and the console all run on it. */
export function buildAppSchema(): Promise<GraphQLSchema> {
  built ??= buildSchema({ resolvers: RESOLVERS, validate: false }).then((schema) =>
    bindOperationResolvers(plainFieldResolvers(schema), OPERATIONS),
  );
  return built;
}
