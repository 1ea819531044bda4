// The promotions section's server calls (issue 13, decision 0092): the operator API of issue
// 12 (bonuses, codes, invite and refund settings, spin wheels) and the console's reads
// (usage, a code's uses, the coupons page). One query key per list; a change refreshes it.
import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import { callApi, type ApiAnswer, type CallOptions } from '@/lib/api';

export type Bonus = ApiAnswer<typeof routes.operatorBonus.listBonuses>[number];
export type Promotion = ApiAnswer<typeof routes.operatorBonus.listPromotions>[number];
export type Usage = ApiAnswer<typeof routes.operatorPromotions.usage>;
export type UsageRow = Usage['bonuses'][number];
export type InviteSettings = ApiAnswer<typeof routes.operatorInviteRefund.getInvite>;
export type RefundSettings = ApiAnswer<typeof routes.operatorInviteRefund.getRefund>;
export type Wheel = ApiAnswer<typeof routes.operatorSpin.wheels>[number];
export type Slice = Wheel['slices'][number];
export type SpinSettings = ApiAnswer<typeof routes.operatorSpin.settings>;
export type SpinSettingsBody = CallOptions<typeof routes.operatorSpin.setSettings>['body'];
export type CouponPage = ApiAnswer<typeof routes.operatorPromotions.coupons>;
export type CouponStatus = CouponPage['rows'][number]['status'];
export type BonusBody = CallOptions<typeof routes.operatorBonus.createBonus>['body'];
export type PromotionBody = CallOptions<typeof routes.operatorBonus.createPromotion>['body'];
export type SliceBody = CallOptions<typeof routes.operatorSpin.createSlice>['body'];

export const keys = {
  bonuses: ['promotions', 'bonuses'] as const,
  promotions: ['promotions', 'codes'] as const,
  usage: ['promotions', 'usage'] as const,
  uses: (code: string, page: number) => ['promotions', 'uses', code, page] as const,
  invite: ['promotions', 'invite'] as const,
  refund: ['promotions', 'refund'] as const,
  wheels: ['promotions', 'wheels'] as const,
  spinSettings: ['promotions', 'spin-settings'] as const,
  coupons: (query: object) => ['promotions', 'coupons', query] as const,
};

export const useBonuses = () =>
  useQuery({ queryKey: keys.bonuses, queryFn: () => callApi(routes.operatorBonus.listBonuses) });
export const usePromotions = () =>
  useQuery({
    queryKey: keys.promotions,
    queryFn: () => callApi(routes.operatorBonus.listPromotions),
  });
export const useUsage = () =>
  useQuery({ queryKey: keys.usage, queryFn: () => callApi(routes.operatorPromotions.usage) });
export const usePromotionUses = (code: string, page: number) =>
  useQuery({
    queryKey: keys.uses(code, page),
    queryFn: () =>
      callApi(routes.operatorPromotions.promotionUses, {
        params: { code },
        query: { page, pageSize: 20 },
      }),
    placeholderData: keepPreviousData,
  });
export const useInviteSettings = () =>
  useQuery({
    queryKey: keys.invite,
    queryFn: () => callApi(routes.operatorInviteRefund.getInvite),
  });
export const useRefundSettings = () =>
  useQuery({
    queryKey: keys.refund,
    queryFn: () => callApi(routes.operatorInviteRefund.getRefund),
  });
export const useWheels = () =>
  useQuery({ queryKey: keys.wheels, queryFn: () => callApi(routes.operatorSpin.wheels) });
export const useSpinSettings = () =>
  useQuery({
    queryKey: keys.spinSettings,
    queryFn: () => callApi(routes.operatorSpin.settings),
  });
export const useCoupons = (query: {
  member?: string;
  status?: CouponStatus;
  page: number;
  pageSize: number;
}) =>
  useQuery({
    queryKey: keys.coupons(query),
    queryFn: () => callApi(routes.operatorPromotions.coupons, { query }),
    placeholderData: keepPreviousData,
  });

/** A change that refreshes the lists it touches once it succeeds. */
function useChange<Input, Output>(
  run: (input: Input) => Promise<Output>,
  refresh: readonly (readonly string[])[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all(refresh.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}

export const useSaveBonus = () =>
  useChange(
    ({ code, body, isNew }: { code: string; body: BonusBody; isNew: boolean }) => {
      if (isNew) return callApi(routes.operatorBonus.createBonus, { body });
      const { code: _, ...rest } = body;
      return callApi(routes.operatorBonus.updateBonus, { params: { code }, body: rest });
    },
    [keys.bonuses, keys.usage],
  );

export const useSavePromotion = () =>
  useChange(
    ({ code, body, isNew }: { code: string; body: PromotionBody; isNew: boolean }) => {
      if (isNew) return callApi(routes.operatorBonus.createPromotion, { body });
      const { code: _, ...rest } = body;
      return callApi(routes.operatorBonus.updatePromotion, { params: { code }, body: rest });
    },
    [keys.promotions, keys.usage],
  );

export const useSaveInvite = () =>
  useChange(
    (body: InviteSettings) => callApi(routes.operatorInviteRefund.setInvite, { body }),
    [keys.invite],
  );
export const useSaveRefund = () =>
  useChange(
    (body: RefundSettings) => callApi(routes.operatorInviteRefund.setRefund, { body }),
    [keys.refund],
  );

export const useSaveWheel = () =>
  useChange(
    (input: { wheelId: string | null; name: Wheel['name']; active: boolean }) =>
      input.wheelId === null
        ? callApi(routes.operatorSpin.createWheel, {
            body: { name: input.name, active: input.active },
          })
        : callApi(routes.operatorSpin.updateWheel, {
            params: { wheelId: input.wheelId },
            body: { name: input.name, active: input.active },
          }),
    [keys.wheels],
  );

export const useSaveSlice = () =>
  useChange(
    (input: { wheelId: string; sliceId: string | null; body: SliceBody }) =>
      input.sliceId === null
        ? callApi(routes.operatorSpin.createSlice, {
            params: { wheelId: input.wheelId },
            body: input.body,
          })
        : callApi(routes.operatorSpin.updateSlice, {
            params: { sliceId: input.sliceId },
            body: input.body,
          }),
    [keys.wheels],
  );

export const useSaveSpinSettings = () =>
  useChange(
    (body: SpinSettingsBody) => callApi(routes.operatorSpin.setSettings, { body }),
    [keys.spinSettings],
  );
