import type { FastifyInstance } from "fastify";
import QRCode from "qrcode";
import { companyScope } from "../auth/model";
import { AppError, invalidState } from "../core/errors";
import { controlCharacterMessage, isAcceptableText } from "../core/text-input";
import type { ChargesService } from "./charges.service";

/** The image's side in pixels (the contract asks for at least 256), quiet zone included. */
export const QR_CODE_SIZE = 512;
const FORMATS = new Set(["png", "svg"]);

/**
 * GET /charges/:id/qrcode: the charge's BR Code (`pix_code`) as a QR code the payer scans,
 * PNG by default, SVG with `?format=svg`. Not a GraphQL operation (its answer is an image),
 * so it is a plain route behind the same admission (credential, rate limit) and error
 * mapper as every REST route; the charge is read by the same service call as
 * GET /charges/:id, so another account's charge is 404 as there. A recurring charge has no
 * code (409 INVALID_STATE).
 */
export function registerChargeQrCodeRoute(app: FastifyInstance, charges: ChargesService): void {
  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    "/charges/:id/qrcode",
    { config: { access: "credential" } },
    async (request, reply) => {
      const query = request.query;
      for (const [name, value] of Object.entries(query)) {
        if (name !== "format") throw new AppError("VALIDATION_ERROR", `Unknown query parameter: ${name}`);
        if (Array.isArray(value)) throw new AppError("VALIDATION_ERROR", `Query parameter ${name} is given twice`);
      }
      const format = query.format === undefined ? "png" : String(query.format);
      if (!FORMATS.has(format)) throw new AppError("VALIDATION_ERROR", "format must be png or svg");
      const { id } = request.params;
      if (!isAcceptableText("id", id)) throw new AppError("VALIDATION_ERROR", controlCharacterMessage("id"));
      const charge = await charges.getCharge(companyScope(request.principal), id);
      // A recurring charge (cobr) is debited by the payer's bank: there is nothing to scan.
      const pixCode = charge.pixCode;
      if (pixCode === null) throw invalidState("A recurring charge has no QR code: the payer's bank debits it");
      const options = { errorCorrectionLevel: "M" as const, margin: 4, width: QR_CODE_SIZE };
      reply.header("Cache-Control", "private, max-age=300");
      if (format === "svg") {
        return reply
          .type("image/svg+xml; charset=utf-8")
          .send(await QRCode.toString(pixCode, { ...options, type: "svg" }));
      }
      return reply.type("image/png").send(await QRCode.toBuffer(pixCode, { ...options, type: "png" }));
    },
  );
}
