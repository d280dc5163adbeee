import { RateLimitedError } from "../core/errors";
import type { OperationContext } from "../operation";
import type { ClientInfo } from "./console-users.service";

/** The browser a console user acts from, as sessions and sign-in attempts record it. */
export function clientOf(ctx: Pick<OperationContext, "request">): ClientInfo {
  return { address: ctx.request.address, userAgent: ctx.request.userAgent, requestId: ctx.request.id };
}

/** Whether the console's cookies are Secure (and the session's __Host-): the public address is https. */
export function secureCookies(config: { publicBaseUrl: string }): boolean {
  return config.publicBaseUrl.startsWith("https:");
}

/** RATE_LIMITED answers carry Retry-After over HTTP too. */
export async function withRetryAfter<T>(
  ctx: Pick<OperationContext, "responseHeaders">,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RateLimitedError) ctx.responseHeaders["Retry-After"] = String(error.retryAfterSeconds);
    throw error;
  }
}
