// The settings section's server calls (decisions 0093, 0134): the content settings (every
// settings role) and the site settings (admins), and one save per setting. A form keeps its
// own draft and saves through SettingCard; after a save the group's read is refreshed, which
// brings its last-change lines up to date.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import { callApi, type ApiAnswer, type CallOptions } from '@/lib/api';

const r = routes.operatorSettings;

export type ContentAnswer = ApiAnswer<typeof r.getContent>;
export type SiteAnswer = ApiAnswer<typeof r.getSite>;
type BodyOf<R extends Parameters<typeof callApi>[0]> = CallOptions<R>['body'];

export const keys = {
  content: ['settings', 'content'] as const,
  site: ['settings', 'site'] as const,
};

export const useContentSettings = () =>
  useQuery({ queryKey: keys.content, queryFn: () => callApi(r.getContent) });

export const useSiteSettings = (enabled: boolean) =>
  useQuery({ queryKey: keys.site, queryFn: () => callApi(r.getSite), enabled });

/** Refreshes a group's read after a save. */
export function useRefreshSettings() {
  const client = useQueryClient();
  return {
    content: () => void client.invalidateQueries({ queryKey: keys.content }),
    site: () => void client.invalidateQueries({ queryKey: keys.site }),
  };
}

/** Each setting's save; each answers what the server stored. */
export const saveSetting = {
  notice: async (notice: BodyOf<typeof r.setNotice>['notice']) =>
    (await callApi(r.setNotice, { body: { notice } })).notice,
  contact: (body: BodyOf<typeof r.setContact>) => callApi(r.setContact, { body }),
  conditions: async (conditions: BodyOf<typeof r.setConditions>['conditions']) =>
    (await callApi(r.setConditions, { body: { conditions } })).conditions,
  agreements: async (agreements: BodyOf<typeof r.setAgreements>['agreements']) =>
    (await callApi(r.setAgreements, { body: { agreements } })).agreements,
  info: (body: BodyOf<typeof r.setInfo>) => callApi(r.setInfo, { body }),
  withdraw: (body: BodyOf<typeof r.setWithdraw>) => callApi(r.setWithdraw, { body }),
  deposit: (body: BodyOf<typeof r.setDeposit>) => callApi(r.setDeposit, { body }),
  slip: (body: BodyOf<typeof r.setSlip>) => callApi(r.setSlip, { body }),
  chat: async (on: boolean) =>
    (await callApi(r.setChat, { body: { enableChatWidget: on } })).enableChatWidget,
  registerOtp: async (on: boolean) =>
    (await callApi(routes.operator.setRegisterOtp, { body: { registerOTP: on } })).registerOTP,
  terminated: async (on: boolean) =>
    (await callApi(routes.operator.setSite, { body: { terminated: on } })).terminated === 'gone',
};
