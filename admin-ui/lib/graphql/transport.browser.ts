/**
 * The browser's way to the API: same-origin /graphql. The browser adds the session cookie
 * (httpOnly) and the Origin header the API checks on state-changing requests.
 */
export async function transport(): Promise<{ url: string; headers: Record<string, string> }> {
  return { url: "/graphql", headers: { "content-type": "application/json", accept: "application/json" } };
}
