// The member home's banner slides and announcement line (issue 26, decision 0134): the read
// (both, with their last change) and the two saves, which refresh it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import { callApi, type ApiAnswer, type CallOptions } from '@/lib/api';

export type HomeSettings = ApiAnswer<typeof routes.operatorHome.get>;
export type BannersBody = CallOptions<typeof routes.operatorHome.setBanners>['body'];
export type AnnouncementBody = CallOptions<typeof routes.operatorHome.setAnnouncement>['body'];

const key = ['promotions', 'home'] as const;

export const useHomeSettings = () =>
  useQuery({ queryKey: key, queryFn: () => callApi(routes.operatorHome.get) });

function useSave<Body>(run: (body: Body) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export const useSaveHomeBanners = () =>
  useSave((body: BannersBody) => callApi(routes.operatorHome.setBanners, { body }));
export const useSaveAnnouncement = () =>
  useSave((body: AnnouncementBody) => callApi(routes.operatorHome.setAnnouncement, { body }));
