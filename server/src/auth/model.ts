// auth/'s model face: principals, sessions, passwords, credential lookup, sign-in limits. It stands apart from
// index.ts (AuthService) because audit/ uses principals while AuthService writes audit rows.
export { ClientCredential } from "./client-credential.entity";
export {
  type AccountRef,
  CALLER_COLUMNS,
  callerCte,
  callerFound,
  checkCredentialApart,
  type UncheckedCredential,
} from "./credential-lookup";
export { checkNewPassword, dummyPasswordHash, hashPassword, randomPassword, verifyPassword } from "./passwords";
export {
  type Access,
  clientSecretSatisfies,
  companyScope,
  type MerchantRole,
  type OperatorRole,
  type Principal,
  readScope,
  requireCompanyScope,
  requirePrincipal,
  requireReadScope,
  satisfies,
} from "./principal";
export { clearedSessionCookie, readCookie, sessionCookie } from "./session-cookie";
export {
  createSession,
  deleteSession,
  deleteUserSession,
  deleteUserSessions,
  listUserSessions,
  liveSessionSql,
  principalOfUser,
  type SessionInfo,
  type SessionSettings,
} from "./sessions";
export { SIGN_IN_SPRAY_ACTION, type SignInLimits, type SignInTicket, SPRAY_WINDOW_SECONDS } from "./sign-in-limits";
