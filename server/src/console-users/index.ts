// Operators and merchant users: sign-in, invites, teams, the first operator.
// Its public face: what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { clientOf, secureCookies, withRetryAfter } from "./console-client";
export { ConsoleUserInvite, ConsoleUserKind, MerchantRoleEnum, SignInStepEnum, Viewer } from "./console-user.entity";
export type { ConsoleUsersService } from "./console-users.service";
