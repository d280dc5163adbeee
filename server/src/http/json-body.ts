import type { FastifyInstance, FastifyRequest } from "fastify";
import secureJson from "secure-json-parse";
import { AppError, unauthenticated } from "../core/errors";

/** API bodies: at most 100 kB. */
export const API_BODY_LIMIT = 100 * 1024;
/** A caller with no credential (e.g. signing in through GraphQL) needs no more than this. */
export const ANONYMOUS_BODY_LIMIT = 16 * 1024;
/** Provider notifications (a batch of up to 500 payments), signed over their raw bytes. */
export const PROVIDER_BODY_LIMIT = 1024 * 1024;

export const invalidJson = () => new AppError("INVALID_JSON", "Body is not valid JSON");
export const unsupportedEncoding = () => new AppError("VALIDATION_ERROR", "Unsupported body encoding");

const CHARSET = /charset\s*=\s*"?([^;\s"]+)/i;

/** Bodies arrive as UTF-8 text, not compressed: anything else is refused rather than misread. */
export function checkBodyEncoding(request: FastifyRequest): void {
  const encoding = request.headers["content-encoding"];
  const charset = CHARSET.exec(request.headers["content-type"] ?? "")?.[1].toLowerCase();
  if (
    (encoding !== undefined && encoding.toLowerCase() !== "identity") ||
    (charset && charset !== "utf-8" && charset !== "utf8")
  )
    throw unsupportedEncoding();
}

/**
 * Every API body is JSON, whatever its Content-Type says (an empty body is {}), parsed so
 * that `__proto__` and `constructor.prototype` keys are refused rather than kept.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: API_BODY_LIMIT }, (request, body, done) => {
    try {
      checkBodyEncoding(request);
      const buffer = body as Buffer;
      // (A client secret left to the operation's read to check is a credential, not an anonymous caller.)
      if (request.principal === null && request.uncheckedCredential === null && buffer.length > ANONYMOUS_BODY_LIMIT)
        throw unauthenticated();
      const text = buffer.toString("utf8");
      if (text.trim() === "") return done(null, {});
      done(null, parseJson(text));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

export function parseJson(text: string): unknown {
  try {
    return secureJson.parse(text, undefined, { protoAction: "error", constructorAction: "error" });
  } catch (error) {
    if (error instanceof SyntaxError && /forbidden (prototype|constructor) property/.test(error.message)) {
      throw new AppError("VALIDATION_ERROR", 'Field names "__proto__" and "constructor.prototype" are not allowed');
    }
    throw invalidJson();
  }
}

/** The provider's notifications keep their raw bytes: the signature is over them. */
export function registerRawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: PROVIDER_BODY_LIMIT }, (request, body, done) => {
    try {
      checkBodyEncoding(request);
      done(null, body);
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
