// The provider catalogue of spec section 7 (docs/decisions/0014-game-accounts-and-catalogue.md):
// the sixteen codes of the contract with their category, display name, wallet factor, app
// links and artwork. It lives in code (versioned with the server, reviewed like code); the
// links are built from PROVIDER_PUBLIC_URL, the address a browser reaches the provider at.
import type { GameCategory, ProviderCode } from '@wallet/contract';
import { providerCategory, providerCodes } from '@wallet/contract';

export type Motif =
  'crown' | 'cards' | 'reels' | 'ball' | 'seven' | 'diamond' | 'cherry' | 'star' | 'lotto';

export interface ProviderEntry {
  code: ProviderCode;
  name: string;
  category: GameCategory;
  /**
   * Units the provider shows per baht (spec "ftWalletSlot"): the home card shows the game
   * balance times this. Display only: money always moves in baht.
   */
  ftWalletSlot: number;
  /** Whether the provider has an Android / iOS app (null links disable the buttons). */
  android: boolean;
  ios: boolean;
  /** The /api/autoLogin route of the spec for this provider, and whether it takes the password. */
  autoLogin: { path: string; withPassword: boolean } | null;
  art: { from: string; to: string; accent: string; ink: string; motif: Motif };
}

const entries: Omit<ProviderEntry, 'category'>[] = [
  {
    code: 'JOKER',
    name: 'Joker Gaming',
    ftWalletSlot: 1,
    android: true,
    ios: true,
    autoLogin: null,
    art: { from: '#3b0a57', to: '#8e1b9c', accent: '#ffd23f', ink: '#ffffff', motif: 'crown' },
  },
  {
    code: 'SEXYGAME',
    name: 'Sexy Baccarat',
    ftWalletSlot: 1,
    android: true,
    ios: true,
    autoLogin: null,
    art: { from: '#4a0010', to: '#c2185b', accent: '#ffb3c7', ink: '#ffffff', motif: 'cards' },
  },
  {
    code: 'BETFLIX',
    name: 'Betflix',
    ftWalletSlot: 1,
    android: true,
    ios: true,
    autoLogin: { path: 'betflix', withPassword: false },
    art: { from: '#111111', to: '#b00610', accent: '#ff4d4d', ink: '#ffffff', motif: 'reels' },
  },
  {
    code: 'ASKMEBET',
    name: 'AskMeBet',
    ftWalletSlot: 1,
    android: true,
    ios: false,
    autoLogin: { path: 'askmebet', withPassword: true },
    art: { from: '#06281f', to: '#0f8a5f', accent: '#9ef0c9', ink: '#ffffff', motif: 'cards' },
  },
  {
    code: 'UFABET',
    name: 'UFABET',
    ftWalletSlot: 1,
    android: true,
    ios: true,
    autoLogin: null,
    art: { from: '#04223f', to: '#0a66c2', accent: '#ffcc00', ink: '#ffffff', motif: 'ball' },
  },
  {
    code: 'SUPERSLOT',
    name: 'SuperSlot',
    ftWalletSlot: 1,
    android: true,
    ios: true,
    autoLogin: null,
    art: { from: '#3d1d00', to: '#e06c00', accent: '#ffe08a', ink: '#ffffff', motif: 'seven' },
  },
  {
    code: 'PG',
    name: 'PG Soft',
    ftWalletSlot: 1,
    android: true,
    ios: true,
    autoLogin: { path: 'pg', withPassword: false },
    art: { from: '#0b1d3a', to: '#2a6df4', accent: '#7fe3ff', ink: '#ffffff', motif: 'diamond' },
  },
  {
    code: 'SLOTXO',
    name: 'SlotXO',
    ftWalletSlot: 2,
    android: true,
    ios: true,
    autoLogin: null,
    art: { from: '#2b0000', to: '#d62828', accent: '#fcbf49', ink: '#ffffff', motif: 'cherry' },
  },
  {
    code: 'IMI',
    name: 'IMI Sport',
    ftWalletSlot: 1,
    android: false,
    ios: false,
    autoLogin: { path: 'imi', withPassword: true },
    art: { from: '#0d2b12', to: '#2e8b3a', accent: '#e9ff70', ink: '#ffffff', motif: 'ball' },
  },
  {
    code: 'USUN',
    name: 'USUN Casino',
    ftWalletSlot: 1,
    android: true,
    ios: false,
    autoLogin: { path: 'usun', withPassword: true },
    art: { from: '#2a1b00', to: '#b8860b', accent: '#fff3b0', ink: '#1a1200', motif: 'cards' },
  },
  {
    code: 'AREASLOT',
    name: 'Area Slot',
    ftWalletSlot: 0.5,
    android: true,
    ios: false,
    autoLogin: { path: 'areaslot', withPassword: false },
    art: { from: '#001f2b', to: '#00838f', accent: '#80deea', ink: '#ffffff', motif: 'reels' },
  },
  {
    code: 'CIRCUS',
    name: 'Circus Slot',
    ftWalletSlot: 1,
    android: false,
    ios: true,
    autoLogin: { path: 'circus', withPassword: true },
    art: { from: '#3a0018', to: '#e53950', accent: '#fff176', ink: '#ffffff', motif: 'star' },
  },
  {
    code: 'SLOTRACHA',
    name: 'Slot Racha',
    ftWalletSlot: 1,
    android: false,
    ios: false,
    autoLogin: { path: 'slotracha', withPassword: true },
    art: { from: '#1a1033', to: '#6a3de8', accent: '#ffd700', ink: '#ffffff', motif: 'seven' },
  },
  {
    code: 'PGSLOT',
    name: 'PG Slot',
    ftWalletSlot: 1,
    android: true,
    ios: true,
    autoLogin: { path: 'pgslot', withPassword: true },
    art: { from: '#12002b', to: '#00b3a4', accent: '#f8f32b', ink: '#ffffff', motif: 'diamond' },
  },
  {
    code: 'JOKER2',
    name: 'Joker 2',
    ftWalletSlot: 2,
    android: true,
    ios: true,
    autoLogin: { path: 'joker2', withPassword: false },
    art: { from: '#1d0033', to: '#5c1a9e', accent: '#7cff6b', ink: '#ffffff', motif: 'crown' },
  },
  {
    code: 'HUAYHD',
    name: 'Huay HD',
    ftWalletSlot: 1,
    android: false,
    ios: false,
    autoLogin: { path: 'huayhd', withPassword: false },
    art: { from: '#3b2300', to: '#f2a900', accent: '#ffffff', ink: '#2b1a00', motif: 'lotto' },
  },
];

/** In the contract's order (slot, sport and lotto carousels keep it). */
export const catalogue: readonly ProviderEntry[] = providerCodes.map((code) => {
  const entry = entries.find((e) => e.code === code);
  if (!entry) throw new Error(`provider catalogue: no entry for ${code}`);
  return { ...entry, category: providerCategory[code] };
});

const byCode = new Map<string, ProviderEntry>(catalogue.map((e) => [e.code, e]));

/** The entry of a catalogue code, or undefined (the caller answers NO_GAME). */
export function findProvider(code: string): ProviderEntry | undefined {
  return byCode.get(code);
}

// The built rasters' names (games.artwork.ts rasterFile; served as SVG until the build ran).
export const logoPath = (code: ProviderCode) => `/static/providers/${code.toLowerCase()}-logo.png`;
export const backgroundPath = (code: ProviderCode) =>
  `/static/providers/${code.toLowerCase()}-bg.jpg`;

/** The links of a slot card: the provider's site and app pages, from PROVIDER_PUBLIC_URL. */
export function providerLinks(
  entry: ProviderEntry,
  publicUrl: string,
): { web: string; android: string | null; ios: string | null } {
  const site = `${publicUrl}/provider?code=${entry.code}`;
  return {
    web: site,
    android: entry.android ? `${site}#android` : null,
    ios: entry.ios ? `${site}#ios` : null,
  };
}
