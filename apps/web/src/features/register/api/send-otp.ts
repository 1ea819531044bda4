import { useMutation } from '@tanstack/react-query';
import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

const endpoint = routes.otp.send;

export type SendOtpBody = BodyFor<typeof api.otp.send>;
export type SendOtpAnswer = ResponseFor<typeof api.otp.send>;

export function sendOtp(body: SendOtpBody): Promise<SendOtpAnswer> {
  return callApi(endpoint, { body });
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
