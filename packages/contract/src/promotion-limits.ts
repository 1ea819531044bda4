// The limits of what an operator may set on a promotion (issue 27): one list, zod-free, that
// the contract's schemas (endpoints/operator-bonus.ts, operator-invite-refund.ts,
// operator-spin.ts) are built on and the console's forms check before sending. Whole-number
// ranges are inclusive; text limits are characters per language.

/** An inclusive whole-number range. */
export interface IntRange {
  readonly min: number;
  readonly max: number;
}

export const promotionLimits = {
  /** A bonus's or a promotion code's name and description, a slice's HTML description. */
  textMax: 2000,
  /** The HTML of an invite or refund banner, and the refund dialog's info. */
  settingsHtmlMax: 20_000,
  /** A banner's image address. */
  bannerImageMax: 500,
  /** Banners of one bonus. */
  bonusBannersMax: 10,
  /** Banners of the invite or the refund settings. */
  settingsBannersMax: 20,
  /** A bonus or promotion code (letters, digits; a bonus also _ and -). */
  codeMax: 32,
  /** A whole percentage: percentFail, a rate bonus's percent, the game weights. */
  percent: { min: 0, max: 100 },
  maxReceived: { min: 1, max: 1000 },
  turnoverMultiple: { min: 1, max: 10 },
  bonusSortOrder: { min: 0, max: 100_000 },
  maxUsesPerMember: { min: 1, max: 1000 },
  maxUsesTotal: { min: 1, max: 10_000_000 },
  /** Turnover as a % of the credit: 100 (1x) to 1000 (10x), in whole multiples of 100. */
  turnoverPercent: { min: 100, max: 1000 },
  turnoverPercentStep: 100,
  /** Days a week's refund can be received. */
  claimDays: { min: 1, max: 7 },
  /** A spin wheel's name, per language. */
  wheelNameMax: 60,
  /** A slice's label, per language. */
  sliceLabelMax: 40,
  sliceSortOrder: { min: 0, max: 1000 },
  /** Slices on one wheel. */
  wheelSlicesMax: 24,
  sliceWeight: { min: 0, max: 1_000_000 },
  couponHours: { min: 1, max: 24 * 366 },
  maxCoinsPerDay: { min: 0, max: 1000 },
} as const satisfies Record<string, number | IntRange>;
