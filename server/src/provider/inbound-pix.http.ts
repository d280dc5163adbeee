import express, { Router } from "express";
import { AppError, INTERNAL_MESSAGE } from "../core/errors";
import { describeError, type Logger } from "../core/logger";
import { sendError } from "../rest/http-json";
import type { InboundPixService } from "./inbound-pix.service";

/**
 * POST /provider/pix: the provider's notifications of received PIX. Not a GraphQL operation:
 * the caller is the bank, authenticated by an HMAC of the raw body rather than a bearer
 * credential, so this router reads the body itself, before the JSON parser.
 */
export function createInboundPixRouter(inboundPix: InboundPixService, logger: Logger): Router {
  const router = Router();
  router.post("/provider/pix", express.raw({ type: () => true, limit: "1mb" }), async (req, res) => {
    try {
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const results = await inboundPix.receivePixNotifications(rawBody, req.header("x-provider-signature"));
      res.status(200).json({ received: results.length, results });
    } catch (error) {
      if (error instanceof AppError) return sendError(res, error);
      logger.error("inbound PIX notification failed", describeError(error));
      sendError(res, { code: "INTERNAL_ERROR", message: INTERNAL_MESSAGE });
    }
  });
  return router;
}
