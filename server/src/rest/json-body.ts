import type { IncomingMessage } from "node:http";
import { AppError } from "../core/errors";

export const MAX_BODY_BYTES = 100 * 1024;

export const payloadTooLarge = () => new AppError("PAYLOAD_TOO_LARGE", "Body exceeds 100 kB");
export const invalidJson = () => new AppError("INVALID_JSON", "Body is not valid JSON");
export const unsupportedEncoding = () => new AppError("VALIDATION_ERROR", "Unsupported body encoding");

/**
 * Reads a request body as JSON, whatever its Content-Type says: at most 100 kB, UTF-8,
 * not compressed. An empty body is {}.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
  const charset = /charset=([^;\s]+)/i.exec(req.headers["content-type"] ?? "")?.[1].toLowerCase();
  if (encoding !== "identity" || (charset && charset !== "utf-8" && charset !== "utf8")) {
    req.resume();
    throw unsupportedEncoding();
  }
  if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) {
    req.resume();
    throw payloadTooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      req.resume();
      throw payloadTooLarge();
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalidJson();
  }
}
