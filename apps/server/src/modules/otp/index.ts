export { otpRoutes } from './otp.routes';
export { purgeOtpRequests } from './otp.repository';
export { hasVerifiedPhone, otpText, proofCookie, proofFromCookies } from './otp.service';
