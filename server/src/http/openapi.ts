import type { ErrorCode } from "../core/errors";
import { ERROR_SCHEMA, inputSchema, type RestRoute } from "../operation/rest-shape";

/** What the document reads of a REST route. */
type DocumentedRoute = Pick<RestRoute, "parameters" | "schema" | "answers" | "successStatus"> & {
  operation: Pick<RestRoute["operation"], "field" | "method" | "path" | "summary" | "tag" | "idempotencyKey">;
};

type Json = Record<string, unknown>;

const ERROR_REF = { $ref: "#/components/schemas/Error" };

function errorAnswer(status: number, codes: ErrorCode[]): Json {
  const answer: Json = {
    description: `Error: ${codes.join(", ")}`,
    content: {
      "application/json": {
        schema: { allOf: [ERROR_REF, { type: "object", properties: { code: { type: "string", enum: codes } } }] },
      },
    },
  };
  if (status === 429 || status === 503)
    answer.headers = { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } };
  return answer;
}

function operationOf(route: DocumentedRoute): Json {
  const { operation, parameters } = route;
  const documented: Json[] = [];
  for (const parameter of parameters) {
    if (parameter.location === "body") continue;
    const schema = parameter.location === "header" ? { type: "string", format: "uuid" } : inputSchema(parameter, true);
    documented.push({
      name: parameter.name,
      in: parameter.location,
      required:
        parameter.location === "path" ||
        (parameter.location === "header" ? operation.idempotencyKey === "required" : parameter.required),
      ...(parameter.location === "header"
        ? { description: "A UUID naming this attempt: the same key and body answer the original result again." }
        : {}),
      schema,
    });
  }
  const responses: Json = {};
  for (const [status, codes] of route.answers) {
    responses[String(status)] =
      status === route.successStatus
        ? {
            description: operation.summary,
            ...(operation.idempotencyKey
              ? {
                  headers: { "Idempotent-Replayed": { description: '"true" on a replay', schema: { type: "string" } } },
                }
              : {}),
            content: { "application/json": { schema: route.schema.success } },
          }
        : errorAnswer(status, codes);
  }
  return {
    operationId: operation.field,
    summary: operation.summary,
    description: `Runs the GraphQL operation \`${operation.field}\`.`,
    tags: [operation.tag],
    security: [{ bearer: [] }],
    ...(documented.length ? { parameters: documented } : {}),
    ...(route.schema.body
      ? { requestBody: { required: true, content: { "application/json": { schema: route.schema.body } } } }
      : {}),
    responses,
  };
}

/** Routes outside the declared operations: the QR code image, and the public ones. */
const PLAIN_PATHS: Json = {
  "/charges/{id}/qrcode": {
    get: {
      operationId: "chargeQrCode",
      summary:
        "The charge's pix_code as a QR code: PNG (512 × 512 pixels) by default, SVG with format=svg. Another account's charge is 404.",
      tags: ["Charges"],
      security: [{ bearer: [] }],
      parameters: [
        { name: "id", in: "path", required: true, schema: { type: "string" } },
        { name: "format", in: "query", required: false, schema: { type: "string", enum: ["png", "svg"] } },
      ],
      responses: {
        "200": {
          description: "The QR code",
          content: {
            "image/png": { schema: { type: "string", format: "binary" } },
            "image/svg+xml": { schema: { type: "string" } },
          },
        },
        "400": errorAnswer(400, ["VALIDATION_ERROR"]),
        "401": errorAnswer(401, ["UNAUTHENTICATED"]),
        "404": errorAnswer(404, ["NOT_FOUND"]),
        "429": errorAnswer(429, ["RATE_LIMITED"]),
      },
    },
  },
  "/qrcodes/{id}/image": {
    get: {
      operationId: "qrCodeImage",
      summary:
        "The static QR code's pix_code as an image to print: PNG (512 × 512 pixels) by default, SVG with format=svg. Another account's code is 404.",
      tags: ["QR codes"],
      security: [{ bearer: [] }],
      parameters: [
        { name: "id", in: "path", required: true, schema: { type: "string" } },
        { name: "format", in: "query", required: false, schema: { type: "string", enum: ["png", "svg"] } },
      ],
      responses: {
        "200": {
          description: "The QR code",
          content: {
            "image/png": { schema: { type: "string", format: "binary" } },
            "image/svg+xml": { schema: { type: "string" } },
          },
        },
        "400": errorAnswer(400, ["VALIDATION_ERROR"]),
        "401": errorAnswer(401, ["UNAUTHENTICATED"]),
        "404": errorAnswer(404, ["NOT_FOUND"]),
        "429": errorAnswer(429, ["RATE_LIMITED"]),
      },
    },
  },
  "/pix/v2/{locationId}": {
    get: {
      operationId: "pixLocation",
      summary: "The charge behind a BR Code's location, as API Pix's `cob` (read by the payer's bank).",
      tags: ["Public"],
      security: [],
      parameters: [
        { name: "locationId", in: "path", required: true, schema: { type: "string", pattern: "^[a-z0-9]{32}$" } },
      ],
      responses: {
        "200": { description: "The `cob`", content: { "application/json": { schema: { type: "object" } } } },
        "404": errorAnswer(404, ["NOT_FOUND"]),
        "429": errorAnswer(429, ["RATE_LIMITED"]),
      },
    },
  },
  "/provider/pix": {
    post: {
      operationId: "providerPixNotification",
      summary: "The PIX provider's notification of received payments, signed with X-Provider-Signature.",
      tags: ["Public"],
      security: [],
      parameters: [
        {
          name: "X-Provider-Signature",
          in: "header",
          required: true,
          description: "hex HMAC-SHA256 of the raw body with PROVIDER_WEBHOOK_SECRET",
          schema: { type: "string" },
        },
      ],
      requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
      responses: {
        "200": {
          description: "Every payment recorded",
          content: { "application/json": { schema: { type: "object" } } },
        },
        "400": errorAnswer(400, ["VALIDATION_ERROR"]),
        "401": errorAnswer(401, ["UNAUTHENTICATED"]),
        "413": errorAnswer(413, ["PAYLOAD_TOO_LARGE"]),
        "429": errorAnswer(429, ["RATE_LIMITED"]),
      },
    },
  },
  "/healthz": {
    get: {
      operationId: "healthz",
      summary: "The process is up.",
      tags: ["Public"],
      security: [],
      responses: { "200": { description: "Up", content: { "application/json": { schema: { type: "object" } } } } },
    },
  },
  "/readyz": {
    get: {
      operationId: "readyz",
      summary: "The database answers, migrations are applied and background work runs where configured.",
      tags: ["Public"],
      security: [],
      responses: {
        "200": { description: "Ready", content: { "application/json": { schema: { type: "object" } } } },
        "503": errorAnswer(503, ["SERVICE_UNAVAILABLE"]),
      },
    },
  },
};

/** The OpenAPI 3.1 document of the REST API, generated from the declared operations. */
export function openApiDocument(routes: readonly DocumentedRoute[], baseUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = route.operation.path.replace(/:(\w+)/g, "{$1}");
    paths[path] = { ...paths[path], [route.operation.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "PIX payment service",
      version: "1.0.0",
      description:
        'Merchants create PIX charges, read their balance and send PIX withdrawals. Every REST route runs one operation of the GraphQL schema (/graphql). Errors are `{"error", "code"}`; money is BRL as JSON numbers with at most two decimals.',
    },
    servers: [{ url: baseUrl }],
    security: [{ bearer: [] }],
    paths: { ...paths, ...PLAIN_PATHS },
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "A merchant's client secret (sk_...)" },
      },
      schemas: { Error: ERROR_SCHEMA },
    },
  };
}
