import type { FastifyInstance } from "fastify";
import { registerRawBodies } from "../http/json-body";
import type { InboundPixService } from "./inbound-pix.service";

/**
 * POST /provider/pix: the sandbox's notifications of received PIX (SANDBOX_ONLY with a real
 * bank, whose notifications have a route of their own). Not a GraphQL operation:
 * the caller is the bank, authenticated by an HMAC of the raw body rather than a bearer
 * credential, so this route keeps the body's bytes (up to 1 MB) instead of parsing them.
 */
export async function inboundPixRoutes(app: FastifyInstance, options: { inboundPix: InboundPixService }) {
  registerRawBodies(app);
  app.post("/provider/pix", { config: { access: "provider" } }, async (request) => {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers["x-provider-signature"];
    const results = await options.inboundPix.receivePixNotifications(
      rawBody,
      Array.isArray(signature) ? signature[0] : signature,
      request.id,
    );
    return { received: results.length, results };
  });
}
