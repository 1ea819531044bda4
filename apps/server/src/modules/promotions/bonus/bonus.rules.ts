// A bonus definition as the rules read it (decision 0071 "Bonuses"): stored JSON parsed, the
// credit it gives for a deposit, and its terms as the member sees them before accepting.
import type { Banner, BonusTerms, BonusType, Locale } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import type { BonusDefinitionRow } from '../../../db/schema';
import { pick } from '../../../lib/locale';
import type { Localized } from '../../settings';
import type { Weights } from '../promotions.grants';
import { DEFAULT_WEIGHTS } from '../promotions.grants';

export interface StoredBanner {
  image: string;
  html: Localized;
}

export interface BonusRule {
  id: number;
  code: string;
  name: Localized;
  description: Localized;
  banners: StoredBanner[];
  type: BonusType;
  maxReceived: number;
  percentFail: number;
  credit: { kind: 'fixed'; amount: number } | { kind: 'rate'; percent: number; cap: number };
  /** Satang. */
  minDeposit: number;
  turnoverMultiple: number;
  weights: Weights;
  enabled: boolean;
  sortOrder: number;
}

function json<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const EMPTY: Localized = { th: '', la: '', en: '' };

export function ruleOf(row: BonusDefinitionRow): BonusRule {
  return {
    id: row.id,
    code: row.code,
    name: json(row.name_json, EMPTY),
    description: json(row.description_json, EMPTY),
    banners: json<StoredBanner[]>(row.banners_json, []),
    type: row.type,
    maxReceived: row.max_received,
    percentFail: row.percent_fail,
    credit:
      row.credit_kind === 'fixed'
        ? { kind: 'fixed', amount: Number(row.credit_amount) }
        : { kind: 'rate', percent: row.credit_percent, cap: Number(row.credit_cap) },
    minDeposit: Number(row.min_deposit),
    turnoverMultiple: row.turnover_multiple,
    weights: { ...DEFAULT_WEIGHTS, ...json<Partial<Weights>>(row.weights_json, {}) },
    enabled: row.enabled === 1,
    sortOrder: row.sort_order,
  };
}

/** True when the bonus needs a qualifying deposit: a rate bonus, or a fixed one with a minimum. */
export const needsDeposit = (rule: BonusRule) => rule.credit.kind === 'rate' || rule.minDeposit > 0;

/** Satang credited for a qualifying deposit of `deposit` satang (0 when none is needed). */
export function creditFor(rule: BonusRule, deposit: number): number {
  if (rule.credit.kind === 'fixed') return rule.credit.amount;
  return Math.min(Math.floor((deposit * rule.credit.percent) / 100), rule.credit.cap);
}

export function termsOf(rule: BonusRule): BonusTerms {
  return {
    credit:
      rule.credit.kind === 'fixed'
        ? { kind: 'fixed', amount: satangToBaht(rule.credit.amount) }
        : { kind: 'rate', percent: rule.credit.percent, cap: satangToBaht(rule.credit.cap) },
    minDeposit: satangToBaht(rule.minDeposit),
    turnoverMultiple: rule.turnoverMultiple,
    weights: { ...rule.weights },
    percentFail: rule.percentFail,
  };
}

export const bannersIn = (rule: BonusRule, locale: Locale): Banner[] =>
  rule.banners.map((b) => ({ image: b.image, html: pick(b.html, locale) }));

export const localized = (text: string, fallback: Localized = EMPTY): Localized =>
  json(text, fallback);
