// A wallet answer for the home tests: money in the wallet, one active game with a balance
// (wallet factor 2), one inactive game, a sport game; no lotto accounts.
import type { WalletAnswer } from '@/lib/api/get-wallet';

export function walletFixture(overrides: Partial<WalletAnswer> = {}): WalletAnswer {
  return {
    profile: { _id: '10001', name: 'Somchai Jaidee', username: '0812345678', coin: 0 },
    bankAccount: {
      bankCode: 'KBANK',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1234567890',
      bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
    },
    wallet: { amount: 1000.1, currency: 'BAHT' },
    invite: { amount: 35.5, success: 60, fail: 40 },
    slots: [
      {
        code: 'SLOTXO',
        name: 'SlotXO',
        category: 'slot',
        isActive: true,
        amount: 250.2,
        logo: '/static/providers/slotxo-logo.png',
        background: '/static/providers/slotxo-bg.jpg',
        ftWalletSlot: 2,
        web: 'https://games.example/provider?code=SLOTXO',
        android: 'https://games.example/provider?code=SLOTXO#android',
        ios: null,
      },
      {
        code: 'PG',
        name: 'PG Soft',
        category: 'slot',
        isActive: false,
        amount: 0,
        logo: '/static/providers/pg-logo.png',
        background: '/static/providers/pg-bg.jpg',
        ftWalletSlot: 1,
        web: 'https://games.example/provider?code=PG',
        android: null,
        ios: null,
      },
      {
        code: 'JOKER',
        name: 'Joker Gaming',
        category: 'slot',
        isActive: false,
        amount: 0,
        logo: '/static/providers/joker-logo.png',
        background: '/static/providers/joker-bg.jpg',
        ftWalletSlot: 1,
        web: 'https://games.example/provider?code=JOKER',
        android: null,
        ios: null,
      },
      {
        code: 'UFABET',
        name: 'UFABET',
        category: 'sport',
        isActive: true,
        amount: 0.3,
        logo: '/static/providers/ufabet-logo.png',
        background: '/static/providers/ufabet-bg.jpg',
        ftWalletSlot: 1,
        web: 'https://games.example/provider?code=UFABET',
        android: null,
        ios: null,
      },
    ],
    ...overrides,
  };
}
