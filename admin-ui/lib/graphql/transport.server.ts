import "server-only";
import { headers } from "next/headers";

/**
 * Server components' way to the API: this same process (PIX_API_ORIGIN, set by
 * server/src/console when the server listens), with what the API must see of the browser's
 * request: its session cookie, the request id and the user agent. Chosen by the
 * `react-server` condition of admin-ui/package.json "imports", so it never reaches a browser bundle.
 */
export async function transport(): Promise<{ url: string; headers: Record<string, string> }> {
  // Reading the request first also marks every page that calls the API as dynamic (never prerendered).
  const incoming = await headers();
  const origin = process.env.PIX_API_ORIGIN;
  if (!origin) throw new Error("PIX_API_ORIGIN is not set: the console runs inside the API's process");
  const forwarded: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  for (const name of ["cookie", "x-request-id", "user-agent"]) {
    const value = incoming.get(name);
    if (value) forwarded[name] = value;
  }
  return { url: `${origin}/graphql`, headers: forwarded };
}
