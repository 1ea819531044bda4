// Audit-walker fixtures for the operator's settings (decision 0093): each replaces a setting
// with a valid value (the demo's, or a harmless one).
import { closedWindowFrom } from '../slip-support';
import type { OperatorFixtures } from './fixture';

const loc = (text: string) => ({ th: `${text} th`, la: `${text} la`, en: `${text} en` });

export const fixtures: OperatorFixtures = {
  'PUT /api/operator/settings/info': async () => ({
    body: { name: loc('Walker'), website: 'https://walker.example' },
  }),
  'PUT /api/operator/settings/contact': async () => ({
    body: {
      contactText: loc('<p>walker</p>'),
      lineLink: 'https://line.me/R/ti/p/@walker',
      lineName: '@walker',
      lineQR: null,
    },
  }),
  'PUT /api/operator/settings/conditions': async () => ({
    body: { conditions: [loc('<p>condition</p>')] },
  }),
  'PUT /api/operator/settings/agreements': async () => ({
    body: { agreements: [loc('<p>agreement</p>')] },
  }),
  'PUT /api/operator/settings/notice': async () => ({ body: { notice: loc('notice') } }),
  'PUT /api/operator/settings/deposit': async () => ({
    body: {
      isManual: false,
      banks: [
        {
          bankCode: 'KBANK',
          bankType: 'BANK',
          mode: 'AUTO',
          bank: { th: 'ธนาคารกสิกรไทย', la: 'ທະນາຄານກະສິກອນໄທ', en: 'Kasikornbank' },
          bankAccountName: 'บจก. รอยัล วอลเล็ท',
          bankAccountNameEN: 'ROYAL WALLET CO., LTD.',
          bankAccountNo: '0408123456',
          currency: 'BAHT',
        },
      ],
      wallets: [{ mode: 'gift', walletAccountName: 'Royal Wallet' }],
    },
  }),
  'PUT /api/operator/settings/withdraw': async () => ({
    body: { withdrawMin: 100, withdrawMax: 50_000 },
  }),
  // The closed window sits twelve hours from now: the walker uploads slips after this call.
  'PUT /api/operator/settings/slip': async (t) => ({
    body: {
      uploadWindowMinutes: 60,
      ...closedWindowFrom(t.clock.now(), 12 * 60, 12 * 60 + 20),
      maxFileBytes: 10 * 1024 * 1024,
    },
  }),
  'PUT /api/operator/settings/chat': async () => ({ body: { enableChatWidget: false } }),
};
