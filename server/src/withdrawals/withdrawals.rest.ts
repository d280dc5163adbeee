import { type RestRoute, restInt, restMoney } from "../rest/rest-route";

/** The 201 body of POST /withdrawals. */
const CREATED_FIELDS = "id amount status pixKey pixKeyType queuePosition idempotencyKey createdAt";
/** Reads add the reference, the reason, the retry count and the last change. */
export const WITHDRAWAL_REST_FIELDS = `${CREATED_FIELDS} withdrawalReference reason retryCount updatedAt`;

export const withdrawalRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/withdrawals",
    operation: "createWithdrawal",
    status: 201,
    idempotencyKey: "required",
    body: ["amount", "pix_key_type", "pix_key"],
    selection: `{ ${CREATED_FIELDS} }`,
    variables: ({ body, idempotencyKey }) => ({
      input: { amount: restMoney(body.amount), pixKeyType: body.pix_key_type, pixKey: body.pix_key },
      idempotencyKey,
    }),
  },
  {
    method: "GET",
    path: "/withdrawals",
    operation: "withdrawals",
    query: ["status", "limit", "offset"],
    selection: `{ data { ${WITHDRAWAL_REST_FIELDS} } total limit offset }`,
    variables: ({ query }) => ({ status: query.status, limit: restInt(query.limit), offset: restInt(query.offset) }),
  },
  {
    method: "GET",
    path: "/withdrawals/:id",
    operation: "withdrawal",
    selection: `{ ${WITHDRAWAL_REST_FIELDS} }`,
    variables: ({ params }) => ({ id: params.id }),
  },
  {
    method: "POST",
    path: "/withdrawals/:id/cancel",
    operation: "cancelWithdrawal",
    body: ["reason"],
    selection: `{ ${WITHDRAWAL_REST_FIELDS} }`,
    variables: ({ params, body }) => ({ id: params.id, reason: body.reason }),
  },
];
