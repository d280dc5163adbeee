// Client credentials, principals, sessions, passwords, the CSRF check, sign-in limits.
// Its public face (with model.ts): what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { type AuthService, insertClientCredential } from "./auth.service";
