import { useMutation } from '@tanstack/react-query';
import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

const endpoint = routes.otp.verify;

export type VerifyOtpBody = BodyFor<typeof api.otp.verify>;
export type VerifyOtpAnswer = ResponseFor<typeof api.otp.verify>;

export function verifyOtp(body: VerifyOtpBody): Promise<VerifyOtpAnswer> {
  return callApi(endpoint, { body });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
