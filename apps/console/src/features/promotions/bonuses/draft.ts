// A bonus as the editor holds it, its checks, and the member-facing terms it previews.
import { parseAmountInput } from '@wallet/client/amount';
import { promotionLimits as L } from '@wallet/contract/client';
import type { bonusTypes, gameCategories } from '@wallet/contract/client';
import type { Bonus, BonusBody } from '../api';
import { checkBanners, type BannerDraft } from '../banners-field';
import {
  bahtIn,
  collector,
  emptyLocalized,
  intIn,
  numberText,
  type Localized,
  type Problems,
} from '../form';
import type { PreviewTerms } from '../member-preview';

type Category = (typeof gameCategories)[number];
type BonusType = (typeof bonusTypes)[number];

export interface Draft {
  isNew: boolean;
  code: string;
  name: Localized;
  description: Localized;
  banners: BannerDraft[];
  type: BonusType;
  maxReceived: string;
  percentFail: string;
  creditKind: 'fixed' | 'rate';
  amount: string;
  percent: string;
  cap: string;
  minDeposit: string;
  turnoverMultiple: string;
  weights: Record<Category, string>;
  enabled: boolean;
  sortOrder: string;
}

export const newDraft = (): Draft => ({
  isNew: true,
  code: '',
  name: emptyLocalized(),
  description: emptyLocalized(),
  banners: [],
  type: 'limit',
  maxReceived: '1',
  percentFail: '10',
  creditKind: 'rate',
  amount: '',
  percent: '100',
  cap: '500',
  minDeposit: '100',
  turnoverMultiple: '1',
  weights: { slot: '100', sport: '50', lotto: '0' },
  enabled: false,
  sortOrder: '0',
});

export const draftOf = (b: Bonus): Draft => ({
  isNew: false,
  code: b.code,
  name: b.name,
  description: b.description,
  banners: b.banners.map((x) => ({ image: x.image, html: x.html })),
  type: b.type,
  maxReceived: numberText(b.maxReceived),
  percentFail: numberText(b.percentFail),
  creditKind: b.credit.kind,
  amount: b.credit.kind === 'fixed' ? numberText(b.credit.amount) : '',
  percent: b.credit.kind === 'rate' ? numberText(b.credit.percent) : '100',
  cap: b.credit.kind === 'rate' ? numberText(b.credit.cap) : '500',
  minDeposit: numberText(b.minDeposit),
  turnoverMultiple: numberText(b.turnoverMultiple),
  weights: {
    slot: numberText(b.weights.slot),
    sport: numberText(b.weights.sport),
    lotto: numberText(b.weights.lotto),
  },
  enabled: b.enabled,
  sortOrder: numberText(b.sortOrder),
});

/** The request body, or the problems found. */
export function check(
  d: Draft,
  taken: ReadonlySet<string>,
): { body: BonusBody | null; problems: Problems } {
  const c = collector();
  const upper = d.code.trim().toUpperCase();
  const code = c.take(
    'code',
    upper === ''
      ? 'KEY_MISSING'
      : /^[A-Z0-9_-]{1,32}$/.test(upper) && !(d.isNew && taken.has(upper))
        ? upper
        : 'KEY_INVALID',
  );
  const name = c.localized('name', d.name, L.textMax);
  const description = c.localized('description', d.description, L.textMax, false);
  const banners = checkBanners(c, d.banners, L.textMax);
  const maxReceived = c.take('maxReceived', intIn(d.maxReceived, L.maxReceived));
  const percentFail = c.take('percentFail', intIn(d.percentFail, L.percent));
  const credit =
    d.creditKind === 'fixed'
      ? { kind: 'fixed' as const, amount: c.take('amount', bahtIn(d.amount)) }
      : {
          kind: 'rate' as const,
          percent: c.take('percent', intIn(d.percent, L.percent)),
          cap: c.take('cap', bahtIn(d.cap)),
        };
  const minDeposit = c.take('minDeposit', bahtIn(d.minDeposit));
  const turnoverMultiple = c.take(
    'turnoverMultiple',
    intIn(d.turnoverMultiple, L.turnoverMultiple),
  );
  const weights = {
    slot: c.take('weights.slot', intIn(d.weights.slot, L.percent)),
    sport: c.take('weights.sport', intIn(d.weights.sport, L.percent)),
    lotto: c.take('weights.lotto', intIn(d.weights.lotto, L.percent)),
  };
  const sortOrder = c.take('sortOrder', intIn(d.sortOrder, L.bonusSortOrder));
  if (!c.ok()) return { body: null, problems: c.problems };
  return {
    body: {
      code,
      name,
      description,
      banners,
      type: d.type,
      maxReceived,
      percentFail,
      credit,
      minDeposit,
      turnoverMultiple,
      weights,
      enabled: d.enabled,
      sortOrder,
    },
    problems: {},
  };
}

/** What the preview shows while the form is being filled (unparsed numbers read as 0). */
export function previewTerms(d: Draft): PreviewTerms {
  const n = (text: string) => {
    const amount = parseAmountInput(text);
    return amount.ok ? amount.baht : 0;
  };
  return {
    credit:
      d.creditKind === 'fixed'
        ? { kind: 'fixed', amount: n(d.amount) }
        : { kind: 'rate', percent: n(d.percent), cap: n(d.cap) },
    minDeposit: n(d.minDeposit),
    turnoverMultiple: n(d.turnoverMultiple),
    weights: { slot: n(d.weights.slot), sport: n(d.weights.sport), lotto: n(d.weights.lotto) },
    percentFail: n(d.percentFail),
  };
}
