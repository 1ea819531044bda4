import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

const endpoint = routes.lookup.registerOTP;

export type RegisterOtpSetting = ResponseFor<typeof api.lookup.registerOTP>;

export function getRegisterOtp(): Promise<RegisterOtpSetting> {
  return callApi(endpoint);
}

export const getRegisterOtpQueryOptions = () =>
  queryOptions({ queryKey: ['lookup', 'registerOTP'], queryFn: getRegisterOtp, staleTime: 60_000 });

export function useRegisterOtp() {
  return useQuery(getRegisterOtpQueryOptions());
}
