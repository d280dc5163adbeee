import type { AuthChecker } from "type-graphql";
import type { Principal, Role } from "../auth/principal";
import { forbidden, unauthenticated } from "../core/errors";
import type { Services } from "../services";

/** What every resolver receives: who is calling, the services, and headers to answer with. */
export interface RequestContext {
  principal: Principal | null;
  services: Services;
  /** Set by resolvers (e.g. Idempotent-Replayed); both the REST and the GraphQL transport send them. */
  responseHeaders: Record<string, string>;
}

/** @Authorized() needs any credential; @Authorized("OPERATOR") needs the operator's. */
export const authChecker: AuthChecker<RequestContext, Role> = ({ context }, roles) => {
  const { principal } = context;
  if (!principal) throw unauthenticated();
  if (roles.includes("OPERATOR") && principal.kind !== "operator") throw forbidden();
  return true;
};
