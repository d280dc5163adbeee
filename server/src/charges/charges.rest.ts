import { type RestRoute, restInt, restMoney } from "../rest/rest-route";

/** The Charge object of the REST API, fields in the source document's order, then txid. */
export const CHARGE_REST_FIELDS =
  "id amount description status pixCode fee netAmount e2eId payerName payerDocument paidAt expiresAt createdAt txid";

export const chargeRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/charges",
    operation: "createCharge",
    status: 201,
    idempotencyKey: "optional",
    body: ["amount", "description", "expires_in"],
    selection: `{ ${CHARGE_REST_FIELDS} }`,
    variables: ({ body, idempotencyKey }) => ({
      input: { amount: restMoney(body.amount), description: body.description, expiresIn: body.expires_in },
      idempotencyKey,
    }),
  },
  {
    method: "GET",
    path: "/charges",
    operation: "charges",
    query: ["status", "limit", "offset"],
    selection: `{ data { ${CHARGE_REST_FIELDS} } total limit offset }`,
    variables: ({ query }) => ({ status: query.status, limit: restInt(query.limit), offset: restInt(query.offset) }),
  },
  // Before /charges/:id: the literal path is the balance, not a charge id.
  { method: "GET", path: "/charges/balance", operation: "balance", selection: "{ balance currency timestamp }" },
  {
    method: "GET",
    path: "/charges/:id",
    operation: "charge",
    selection: `{ ${CHARGE_REST_FIELDS} }`,
    variables: ({ params }) => ({ id: params.id }),
  },
];
