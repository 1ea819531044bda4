export { otpRoutes } from './otp.routes';
export { isPhoneVerified, purgeOtpRequests } from './otp.repository';
export { otpText } from './otp.service';
