/**
 * The payers' pages: a charge's (/pay/<token>) and a payment link's (/l/<token>). Public, in
 * Portuguese whatever the reader chose in the console, with headers of their own (proxy.ts).
 * Plain data and functions only: the proxy imports this file.
 */
export const PAYER_PATHS = ["/pay", "/l"] as const;

export function isPayerPath(path: string): boolean {
  return PAYER_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
