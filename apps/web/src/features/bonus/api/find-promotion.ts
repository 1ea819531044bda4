import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// Find a promotion by its code (upper case); the server answers {} when there is none.
const endpoint = routes.promotion.find;

export type FindPromotionAnswer = ResponseFor<typeof api.promotion.find>;
export type FoundPromotion = Extract<FindPromotionAnswer, { code: string }>;

export async function findPromotion(code: string): Promise<FoundPromotion | null> {
  const answer = await callApi(endpoint, { params: { code: code.toUpperCase() } });
  return 'code' in answer && typeof answer.code === 'string' ? (answer as FoundPromotion) : null;
}

export const findPromotionQueryOptions = (code: string, locale: string) =>
  queryOptions({
    queryKey: ['promotion', 'find', code.toUpperCase(), locale],
    queryFn: () => findPromotion(code),
    staleTime: 0,
  });

export function useFindPromotion(code: string, locale: string) {
  return useQuery(findPromotionQueryOptions(code, locale));
}
