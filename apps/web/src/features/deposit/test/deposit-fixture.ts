// Deposit test data: the seeded deposit lookup (two bank accounts, two gateways, a gift
// wallet), slip rules, and QR states.
import type { DepositLookup } from '@/features/deposit/api/get-deposit-lookup';
import type { QrState } from '@/features/deposit/api/get-qr';
import type { SlipLookup } from '@/features/deposit/api/get-slip-lookup';
import type { DepositMember } from '@/features/deposit/components/deposit-dialog';

export function depositLookup(overrides: Partial<DepositLookup> = {}): DepositLookup {
  const bank = (nameTH: string, nameEN: string) => ({ nameTH, nameEN });
  return {
    isManual: false,
    banks: [
      {
        bankCode: 'KBANK',
        bankType: 'BANK',
        mode: 'AUTO',
        bank: bank('ธนาคารกสิกรไทย', 'Kasikornbank'),
        bankAccountName: 'บจก. รอยัล วอลเล็ท',
        bankAccountNo: '0408123456',
        currency: 'BAHT',
      },
      {
        bankCode: 'SCB',
        bankType: 'BANK',
        mode: 'AUTO',
        bank: bank('ธนาคารไทยพาณิชย์', 'Siam Commercial Bank'),
        bankAccountName: 'บจก. รอยัล วอลเล็ท',
        bankAccountNo: '4061234567',
        currency: 'BAHT',
      },
      {
        bankCode: 'WW',
        bankType: 'PAYMENT',
        mode: 'AUTO',
        bank: bank('WW เพย์เมนต์ (QR)', 'WW Payment (QR)'),
        bankAccountName: 'Royal Wallet',
        bankAccountNo: 'WW-200145',
        currency: 'BAHT',
      },
      {
        bankCode: 'PAYTIMZ',
        bankType: 'PAYMENT',
        mode: 'AUTO',
        bank: bank('เพย์ทิมซ์ (QR)', 'PayTimz (QR)'),
        bankAccountName: 'Royal Wallet',
        bankAccountNo: 'PTZ-880231',
        currency: 'BAHT',
      },
    ],
    wallets: [{ mode: 'gift', walletAccountName: 'Royal Wallet' }],
    ...overrides,
  };
}

export const slipRules = (overrides: Partial<SlipLookup> = {}): SlipLookup => ({
  uploadWindowMinutes: 60,
  closedFrom: '23:50',
  closedTo: '00:10',
  maxFileBytes: 10 * 1024 * 1024,
  ...overrides,
});

export const member = (overrides: Partial<DepositMember['bankAccount']> = {}): DepositMember => ({
  phone: '0812345678',
  bankAccount: {
    bankCode: 'KBANK',
    bankAccountName: 'SOMCHAI JAIDEE',
    bankAccountNo: '1234567890',
    bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
    ...overrides,
  },
});

export const QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>';

/** The state of a bank whose latest QR was paid (decision 0054). */
export const paidQr = (overrides: Partial<QrState> = {}): QrState => ({
  qrcodeId: 'qr-1',
  hasQrcode: false,
  qrcode: null,
  amount: 100,
  expireIn: null,
  message: 'SUCCESS',
  paidAt: '2026-11-24T03:00:00.000Z',
  ...overrides,
});

export const openQr = (overrides: Partial<QrState> = {}): QrState => ({
  qrcodeId: 'qr-1',
  hasQrcode: true,
  qrcode: QR_SVG,
  amount: 100,
  expireIn: 600,
  message: null,
  ...overrides,
});
