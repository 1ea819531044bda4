import type { ModuleFace } from '../../module-face';
import { otpRoutes } from './otp.routes';
export { purgeOtpRequests } from './otp.repository';
export { hasVerifiedPhone, otpText, proofCookie, proofFromCookies } from './otp.service';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'otp',
  routes: [otpRoutes],
};
