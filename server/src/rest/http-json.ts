import type { ServerResponse } from "node:http";
import { httpStatusFor, type PublicError } from "../core/errors";

/** Writes a JSON answer on a plain Node response (Express's responses are Node responses too). */
export function writeJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** Every REST error body: {"error", "code"}, with the status of the error table. */
export function sendError(res: ServerResponse, error: PublicError, headers: Record<string, string> = {}): void {
  writeJson(res, httpStatusFor(error.code), { error: error.message, code: error.code }, headers);
}
