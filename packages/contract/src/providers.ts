import type { GameCategory } from './constants';

/** Game provider codes with their own launch handling (spec section 7). */
export const providerCodes = [
  'JOKER',
  'SEXYGAME',
  'BETFLIX',
  'ASKMEBET',
  'UFABET',
  'SUPERSLOT',
  'PG',
  'SLOTXO',
  'IMI',
  'USUN',
  'AREASLOT',
  'CIRCUS',
  'SLOTRACHA',
  'PGSLOT',
  'JOKER2',
  'HUAYHD',
] as const;
export type ProviderCode = (typeof providerCodes)[number];

/** Category of each provider (sport covers sports plus casino). */
export const providerCategory: Record<ProviderCode, GameCategory> = {
  JOKER: 'slot',
  SEXYGAME: 'sport',
  BETFLIX: 'slot',
  ASKMEBET: 'sport',
  UFABET: 'sport',
  SUPERSLOT: 'slot',
  PG: 'slot',
  SLOTXO: 'slot',
  IMI: 'sport',
  USUN: 'sport',
  AREASLOT: 'slot',
  CIRCUS: 'slot',
  SLOTRACHA: 'slot',
  PGSLOT: 'slot',
  JOKER2: 'slot',
  HUAYHD: 'lotto',
};
