import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, Locale, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { useI18n } from '@/i18n/use-i18n';
import { callApi } from '@/lib/api-client';

// The invite banners (image + operator HTML caption, in the request's language).
const endpoint = routes.invite.banners;

export type InviteBanners = ResponseFor<typeof api.invite.banners>;

export function getInviteBanners(): Promise<InviteBanners> {
  return callApi(endpoint);
}

export const getInviteBannersQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['invite', 'banners', locale],
    queryFn: getInviteBanners,
    staleTime: 300_000,
  });

export function useInviteBanners() {
  const { locale } = useI18n();
  return useQuery(getInviteBannersQueryOptions(locale));
}
