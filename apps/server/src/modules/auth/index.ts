// The auth module's public face: other modules import only from here.
import type { ModuleFace } from '../../module-face';
import { walletUserHook } from './auth.hooks';
import { authRoutes } from './auth.routes';
export { AuthError } from './auth.errors';
export { PasswordHasher } from './auth.password';
export { authorize, revokeMemberSessions, maskUsername } from './auth.service';
export { purgeAuthRows } from './auth.repository';
export { revokeOperatorSessions } from './auth.service';
export { memberOpenSessions, revokeMemberSession } from './auth.operator';
export type { MemberSessionRow } from './auth.operator';
// The chat sockets (decision 0098): a handshake's token, and the periodic re-check.
export { bearerToken, resolveSession, liveSessions } from './auth.service';
export type { LiveSession } from './auth.service';
// The operators' authenticator secrets at rest (decision 0118).
export { openTotpSecret, sealClearTotpSecrets, sealTotpSecret } from './auth.totp-secrets';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'auth',
  // The wallet-user header of every /api call, before the site's 'gone' hook.
  onRequest: () => walletUserHook,
  routes: [authRoutes],
};
