// The operator API of the invite bonus and refund settings (decisions 0071, 0074): read and
// replace, baht at the edge, satang in the stored setting. The refund text and every banner
// caption are sanitised before they are stored (decision 0123), as operator settings are.
import type { InviteSettings, RefundSettings } from '@wallet/contract';
import { api, bahtToSatang, satangToBaht } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { sanitizeBanners, sanitizeLocalizedHtml } from '../../lib/sanitize-html';
import { changeNote } from './promotions.audit';
import type { SettingValue } from '../settings';
import { getSetting, setSetting } from '../settings';

const inviteOut = (s: SettingValue<'invite'>): InviteSettings => ({
  enabled: s.enabled,
  ratePercent: s.ratePercent,
  capPerDeposit: satangToBaht(s.capPerDepositSatang),
  minimum: satangToBaht(s.minimumSatang),
  successPercent: s.successPercent,
  failPercent: s.failPercent,
  banners: s.banners,
});

const refundOut = (s: SettingValue<'refund'>): RefundSettings => ({
  enabled: s.enabled,
  ratePercent: s.ratePercent,
  minimum: satangToBaht(s.minimumSatang),
  claimDays: s.claimDays,
  successPercent: s.successPercent,
  failPercent: s.failPercent,
  info: s.info,
  banners: s.banners,
});

export async function operatorInviteRefundRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock } = app.deps;
  const group = api.operatorInviteRefund;
  route(app, group.getInvite, {}, async () => inviteOut(await getSetting(db, 'invite')));
  route(app, group.setInvite, {}, async ({ body, operator, request, audit }) => {
    const before = inviteOut(await getSetting(db, 'invite'));
    const { capPerDeposit, minimum, ...rest } = body;
    await setSetting(db, clock, 'invite', {
      ...rest,
      banners: await sanitizeBanners(body.banners),
      capPerDepositSatang: bahtToSatang(capPerDeposit),
      minimumSatang: bahtToSatang(minimum),
    });
    request.log.info({ event: 'invite_settings_set', operator: operator.username }, 'operator');
    const after = inviteOut(await getSetting(db, 'invite'));
    audit(changeNote('setting:invite', before, after));
    return after;
  });
  route(app, group.getRefund, {}, async () => refundOut(await getSetting(db, 'refund')));
  route(app, group.setRefund, {}, async ({ body, operator, request, audit }) => {
    const before = refundOut(await getSetting(db, 'refund'));
    const { minimum, ...rest } = body;
    await setSetting(db, clock, 'refund', {
      ...rest,
      info: await sanitizeLocalizedHtml(body.info),
      banners: await sanitizeBanners(body.banners),
      minimumSatang: bahtToSatang(minimum),
    });
    request.log.info({ event: 'refund_settings_set', operator: operator.username }, 'operator');
    const after = refundOut(await getSetting(db, 'refund'));
    audit(changeNote('setting:refund', before, after));
    return after;
  });
}
