// The public face of auth/: what the other features may import of it (the house rule in .dependency-cruiser.cjs).
export { type AuthService, insertClientCredential } from "./auth.service";
