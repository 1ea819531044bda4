// The auth module's public face: other modules import only from here.
export { AuthError } from './auth.errors';
export { PasswordHasher } from './auth.password';
export { walletUserHook } from './auth.hooks';
export { authRoutes } from './auth.routes';
export { authorize, revokeMemberSessions, maskUsername } from './auth.service';
export { purgeAuthRows } from './auth.repository';
export { revokeOperatorSessions } from './auth.service';
export { revokeMemberSession } from './auth.operator';
// The chat sockets (decision 0098): a handshake's token, and the periodic re-check.
export { bearerToken, resolveSession, liveSessions } from './auth.service';
export type { LiveSession } from './auth.service';
// The operators' authenticator secrets at rest (decision 0118).
export { openTotpSecret, sealClearTotpSecrets, sealTotpSecret } from './auth.totp-secrets';
