// The console users' second factor: TOTP, recovery codes, trusted browsers, step-up.
// Its public face: what the other features may import of it (the house rule in .dependency-cruiser.cjs).

export type { FactorMethod, SignInStep, TwoFactorService } from "./two-factor.service";
export { challengeCookie, readTrustedBrowserCookie } from "./two-factor-cookies";
