// Password hashing as the modules and the seed see it (deps.passwords). The auth module's
// Argon2id PasswordHasher implements it; deps.ts depends on this port, not on the module,
// so nothing below the modules imports one (decision 0063).
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a malformed stored hash. */
  verify(storedHash: string, password: string): Promise<boolean>;
  /** Spends the work of a real verify for an unknown user (no timing oracle). Always false. */
  verifyDummy(password: string): Promise<false>;
}
