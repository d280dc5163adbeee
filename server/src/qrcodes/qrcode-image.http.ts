import type { FastifyInstance } from "fastify";
import QRCode from "qrcode";
import { companyScope } from "../auth/model";
import { QR_CODE_SIZE } from "../charges";
import { AppError } from "../core/errors";
import { controlCharacterMessage, isAcceptableText } from "../core/text-input";
import type { QrCodesService } from "./qrcodes.service";

const FORMATS = new Set(["png", "svg"]);

/**
 * GET /qrcodes/:id/image: the static QR code's BR Code as an image to print, PNG (as a
 * charge's, CONTRACT §13) or SVG with `?format=svg`. A plain route behind the same admission
 * and error mapper as every REST route (its answer is an image, not an operation's); the code
 * is read by the same service call as GET /qrcodes/:id, so another account's is 404 as there.
 */
export function registerQrCodeImageRoute(app: FastifyInstance, qrCodes: QrCodesService): void {
  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    "/qrcodes/:id/image",
    { config: { access: "credential" } },
    async (request, reply) => {
      for (const [name, value] of Object.entries(request.query)) {
        if (name !== "format") throw new AppError("VALIDATION_ERROR", `Unknown query parameter: ${name}`);
        if (Array.isArray(value)) throw new AppError("VALIDATION_ERROR", `Query parameter ${name} is given twice`);
      }
      const format = request.query.format === undefined ? "png" : String(request.query.format);
      if (!FORMATS.has(format)) throw new AppError("VALIDATION_ERROR", "format must be png or svg");
      const { id } = request.params;
      if (!isAcceptableText("id", id)) throw new AppError("VALIDATION_ERROR", controlCharacterMessage("id"));
      const qrCode = await qrCodes.getQrCode(companyScope(request.principal), id);
      const options = { errorCorrectionLevel: "M" as const, margin: 4, width: QR_CODE_SIZE };
      reply.header("Cache-Control", "private, max-age=300");
      if (format === "svg") {
        return reply
          .type("image/svg+xml; charset=utf-8")
          .send(await QRCode.toString(qrCode.pixCode, { ...options, type: "svg" }));
      }
      return reply.type("image/png").send(await QRCode.toBuffer(qrCode.pixCode, { ...options, type: "png" }));
    },
  );
}
