// A promotion code as the editor holds it, its checks, and the state of its window.
import { promotionLimits as L } from '@wallet/contract/client';
import type { Promotion, PromotionBody } from '../api';
import {
  collector,
  emptyLocalized,
  fromBangkokInput,
  intIn,
  numberText,
  toBangkokInput,
  type Localized,
  type Problems,
} from '../form';

export interface Draft {
  isNew: boolean;
  code: string;
  bonusCode: string;
  description: Localized;
  validFrom: string;
  validTo: string;
  maxUsesPerMember: string;
  maxUsesTotal: string;
  enabled: boolean;
}

export const newDraft = (bonusCode: string): Draft => ({
  isNew: true,
  code: '',
  bonusCode,
  description: emptyLocalized(),
  validFrom: toBangkokInput(new Date().toISOString()),
  validTo: '',
  maxUsesPerMember: '1',
  maxUsesTotal: '',
  enabled: true,
});

export const draftOf = (p: Promotion): Draft => ({
  isNew: false,
  code: p.code,
  bonusCode: p.bonusCode,
  description: p.description,
  validFrom: toBangkokInput(p.validFrom),
  validTo: toBangkokInput(p.validTo),
  maxUsesPerMember: numberText(p.maxUsesPerMember),
  maxUsesTotal: numberText(p.maxUsesTotal),
  enabled: p.enabled,
});

export function check(
  d: Draft,
  taken: ReadonlySet<string>,
): { body: PromotionBody | null; problems: Problems } {
  const c = collector();
  const upper = d.code.trim().toUpperCase();
  const code = c.take(
    'code',
    upper === ''
      ? 'KEY_MISSING'
      : /^[A-Z0-9]{1,32}$/.test(upper) && !(d.isNew && taken.has(upper))
        ? upper
        : 'KEY_INVALID',
  );
  const bonusCode = c.take('bonusCode', d.bonusCode ? d.bonusCode : 'KEY_MISSING');
  const description = c.localized('description', d.description, L.textMax);
  const validFrom = c.take(
    'validFrom',
    d.validFrom.trim() === '' ? 'KEY_MISSING' : fromBangkokInput(d.validFrom),
  );
  const validTo = c.take('validTo', fromBangkokInput(d.validTo));
  if (validFrom && validTo && validTo <= validFrom) c.take('validTo', 'KEY_INVALID');
  const maxUsesPerMember = c.take(
    'maxUsesPerMember',
    intIn(d.maxUsesPerMember, L.maxUsesPerMember),
  );
  const maxUsesTotal =
    d.maxUsesTotal.trim() === ''
      ? null
      : c.take('maxUsesTotal', intIn(d.maxUsesTotal, L.maxUsesTotal));
  if (!c.ok() || !validFrom) return { body: null, problems: c.problems };
  return {
    body: {
      code,
      bonusCode,
      description,
      validFrom,
      validTo,
      maxUsesPerMember,
      maxUsesTotal,
      enabled: d.enabled,
    },
    problems: {},
  };
}

export function windowState(
  p: Promotion,
  now: number,
): 'off' | 'scheduled' | 'ended' | 'usedUp' | 'on' {
  if (!p.enabled) return 'off';
  if (Date.parse(p.validFrom) > now) return 'scheduled';
  if (p.validTo && Date.parse(p.validTo) <= now) return 'ended';
  if (p.maxUsesTotal !== null && p.uses >= p.maxUsesTotal) return 'usedUp';
  return 'on';
}
