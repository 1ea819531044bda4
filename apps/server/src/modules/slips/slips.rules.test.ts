import { generate } from 'promptparse';
import { describe, expect, it } from 'vitest';
import type { VerifiedSlip } from '../../ports/slip-verifier';
import { signedSlipLink, checkSlipLink } from './slips.links';
import {
  bangkokMinutes,
  compareNames,
  couldHaveSent,
  isClosed,
  judge,
  maskedAccountMatches,
  maskLikePattern,
  nameWords,
  parseMiniQr,
} from './slips.rules';

describe('isClosed (Asia/Bangkok, UTC+7)', () => {
  const at = (utc: string) => new Date(`2026-11-22T${utc}:00.000Z`);
  it('reads Bangkok wall time', () => {
    expect(bangkokMinutes(at('16:50'))).toBe(23 * 60 + 50);
    expect(bangkokMinutes(at('17:05'))).toBe(5);
  });
  it('handles a window that wraps midnight', () => {
    const w = { closedFrom: '23:50', closedTo: '00:10' };
    expect(isClosed(w, at('16:49'))).toBe(false); // 23:49
    expect(isClosed(w, at('16:50'))).toBe(true); // 23:50
    expect(isClosed(w, at('17:09'))).toBe(true); // 00:09
    expect(isClosed(w, at('17:10'))).toBe(false); // 00:10
  });
  it('handles a same-day window and no window', () => {
    const w = { closedFrom: '02:00', closedTo: '03:00' };
    expect(isClosed(w, at('19:00'))).toBe(true); // 02:00
    expect(isClosed(w, at('20:00'))).toBe(false); // 03:00
    expect(isClosed({ closedFrom: null, closedTo: null }, at('19:00'))).toBe(false);
    expect(isClosed({ closedFrom: '02:00', closedTo: '02:00' }, at('19:00'))).toBe(false);
    expect(isClosed({ closedFrom: '2am', closedTo: '03:00' }, at('19:00'))).toBe(false);
  });
});

describe('parseMiniQr', () => {
  it('parses the slip-verify payload and refuses a bad checksum', () => {
    const payload = generate.slipVerify({ sendingBank: '004', transRef: '015350104108AOR04932' });
    expect(parseMiniQr(payload)).toEqual({ sendingBank: '004', transRef: '015350104108AOR04932' });
    expect(parseMiniQr(`${payload.slice(0, -4)}0000`)).toBeUndefined();
    expect(parseMiniQr('')).toBeUndefined();
    expect(parseMiniQr('hello')).toBeUndefined();
  });
  it('refuses odd bank codes and references', () => {
    expect(
      parseMiniQr(generate.slipVerify({ sendingBank: 'KBANK', transRef: 'ABC123456' })),
    ).toBeUndefined();
    expect(
      parseMiniQr(generate.slipVerify({ sendingBank: '004', transRef: '../../etc' })),
    ).toBeUndefined();
  });
});

describe('maskedAccountMatches', () => {
  it('compares the visible digits aligned at the end', () => {
    expect(maskedAccountMatches('xxx-x-x4567-x', '1234567890')).toBe(false);
    expect(maskedAccountMatches('xxx-x-x6789-x', '1234567890')).toBe(true);
    expect(maskedAccountMatches('XXX-X-X6789-X', '123-4-56789-0')).toBe(true);
    expect(maskedAccountMatches('xxx-x-x6780-x', '1234567890')).toBe(false);
    expect(maskedAccountMatches('xxx-x-xxxxx-x', '1234567890')).toBe(false);
    expect(maskedAccountMatches('xxxxxxxxxxxx6789x', '1234567890')).toBe(false);
    expect(maskedAccountMatches('', '1234567890')).toBe(false);
  });
});

describe('judge', () => {
  const slip: VerifiedSlip = {
    sendingBank: '014',
    transRef: 'ABCDEF123456',
    amount: 50_000,
    transferredAt: '2026-11-22T10:00:00.000Z',
    sender: { bankCode: 'SCB', accountNo: 'xxx-x-x6789-x', name: 'MR. SOMCHAI JAIDEE' },
    receiver: { bankCode: 'KBANK', accountNo: '040-8-12345-6', name: 'US' },
  };
  const context = {
    depositAccounts: [{ bankCode: 'KBANK', bankAccountNo: '0408123456', currency: 'BAHT' }],
    member: {
      bankCode: 'SCB',
      bankAccountNo: '1234567890',
      bankAccountName: 'SOMCHAI JAIDEE',
      currency: 'BAHT',
    },
    uploadedAt: new Date('2026-11-22T10:30:00.000Z'),
    uploadWindowMinutes: 60,
    creditedBefore: false,
  };
  it('passes a good slip and names each failure', () => {
    expect(judge(slip, context)).toBeUndefined();
    expect(
      judge({ ...slip, receiver: { ...slip.receiver, accountNo: '0408123457' } }, context),
    ).toBe('DEST_ACC_INVALID');
    expect(judge({ ...slip, receiver: { ...slip.receiver, bankCode: 'SCB' } }, context)).toBe(
      'DEST_ACC_INVALID',
    );
    expect(judge(slip, { ...context, member: { ...context.member, currency: 'LAK' } })).toBe(
      'DEST_ACC_INVALID',
    );
    expect(judge({ ...slip, amount: 0 }, context)).toBe('INVALID_SLIP');
    expect(judge(slip, { ...context, uploadedAt: new Date('2026-11-22T11:00:00.001Z') })).toBe(
      'EXPIRED_SLIP',
    );
    expect(
      judge(slip, { ...context, uploadedAt: new Date('2026-11-22T11:00:00.000Z') }),
    ).toBeUndefined();
    expect(judge(slip, { ...context, creditedBefore: true })).toBe('SLIP_REFNO_DUPLICATED');
    expect(
      judge(
        { ...slip, sender: { ...slip.sender, bankCode: 'KTB' } },
        { ...context, creditedBefore: true },
      ),
    ).toBe('SLIP_REFNO_DUPLICATED');
    expect(judge({ ...slip, sender: { ...slip.sender, bankCode: 'KTB' } }, context)).toBe(
      'NOT_MATCH',
    );
    expect(
      judge({ ...slip, sender: { ...slip.sender, accountNo: 'xxx-x-x1111-x' } }, context),
    ).toBe('NOT_MATCH');
  });

  // Issue 16: the masked number showed only 4 digits, and a member who registered a number
  // with the same visible digits was credited another member's slip. The name decides now.
  it("fails another person's slip with the same visible digits, and holds a partial name for review", () => {
    const sender = (name: string) => ({ ...slip, sender: { ...slip.sender, name } });
    const impostor = {
      ...context.member,
      bankAccountNo: '9999967890',
      bankAccountName: 'SOMSAK SUKSAN',
    };
    expect(judge(slip, { ...context, member: impostor })).toBe('NOT_MATCH');
    expect(judge(sender('นาย สมชาย ใจดี'), context)).toBe('REVIEW');
    expect(judge(sender('SOMCHAI SUKSAN'), context)).toBe('REVIEW');
    expect(judge(sender('somchai  j'), context)).toBeUndefined();
    // A refusal on the transfer itself still comes first.
    expect(judge(slip, { ...context, member: impostor, creditedBefore: true })).toBe(
      'SLIP_REFNO_DUPLICATED',
    );
  });
});

describe('nameWords and compareNames (decision 0044)', () => {
  it('drops titles, case, dots and extra spaces, Thai and English', () => {
    expect(nameWords('  MR.  Somchai   JAIDEE ')).toEqual(['somchai', 'jaidee']);
    expect(nameWords('Mrs Malee Dee')).toEqual(['malee', 'dee']);
    expect(nameWords('MS. MALEE DEE')).toEqual(['malee', 'dee']);
    expect(nameWords('MISS MALEE DEE')).toEqual(['malee', 'dee']);
    expect(nameWords('นาย สมชาย ใจดี')).toEqual(['สมชาย', 'ใจดี']);
    expect(nameWords('นายสมชาย ใจดี')).toEqual(['สมชาย', 'ใจดี']);
    expect(nameWords('นางสาว มาลี ดีมาก')).toEqual(['มาลี', 'ดีมาก']);
    expect(nameWords('นาง มาลี ดีมาก')).toEqual(['มาลี', 'ดีมาก']);
    expect(nameWords('น.ส.มาลี ดีมาก')).toEqual(['มาลี', 'ดีมาก']);
    // A lone word that looks like a title is a name.
    expect(nameWords('MR')).toEqual(['mr']);
  });

  it('matches equal names and surnames cut short or masked as slips show them', () => {
    expect(compareNames('MR SOMCHAI JAIDEE', 'Somchai Jaidee')).toBe('match');
    expect(compareNames('SOMCHAI J', 'SOMCHAI JAIDEE')).toBe('match');
    expect(compareNames('SOMCHAI JAI***', 'SOMCHAI JAIDEE')).toBe('match');
    expect(compareNames('นาย สมชาย ใ', 'สมชาย ใจดี')).toBe('match');
    expect(compareNames('นาย สมชาย ใจดี', 'นายสมชาย ใจดี')).toBe('match');
  });

  it('tells another person (none) from a partial match', () => {
    expect(compareNames('SOMSAK SUKSAN', 'SOMCHAI JAIDEE')).toBe('none');
    expect(compareNames('นาง มาลี ดีมาก', 'นาย สมชาย ใจดี')).toBe('none');
    // A shared first name, a surname that differs or is missing, another order.
    expect(compareNames('SOMCHAI SUKSAN', 'SOMCHAI JAIDEE')).toBe('partial');
    expect(compareNames('SOMCHAI', 'SOMCHAI JAIDEE')).toBe('partial');
    expect(compareNames('JAIDEE SOMCHAI', 'SOMCHAI JAIDEE')).toBe('partial');
    // The first name is never taken from a prefix.
    expect(compareNames('S JAIDEE', 'SOMCHAI JAIDEE')).toBe('partial');
    // Thai against English, or no name: cannot be compared.
    expect(compareNames('นาย สมชาย ใจดี', 'SOMCHAI JAIDEE')).toBe('partial');
    expect(compareNames('', 'SOMCHAI JAIDEE')).toBe('partial');
  });
});

describe('maskLikePattern and couldHaveSent (decision 0124)', () => {
  const like = (pattern: string, accountNo: string) =>
    new RegExp(`^${pattern.replace(/%/g, '.*').replace(/_/g, '.')}$`).test(accountNo);

  it('finds every number the mask fits, and no mask that fits nothing', () => {
    const pattern = maskLikePattern('xxx-x-x4567-x')!;
    expect(pattern).toBe('%_____4567_');
    for (const accountNo of ['1234567890', '9999945670', '0000045679', '12345456789'])
      expect([accountNo, like(pattern, accountNo)]).toEqual([
        accountNo,
        maskedAccountMatches('xxx-x-x4567-x', accountNo),
      ]);
    expect(like(pattern, '1234467890')).toBe(false);
    expect(maskLikePattern('XXX-X-X12*4-X')).toBeUndefined();
    expect(maskLikePattern('***-*-*1234-*')).toBe('%_____1234_');
    expect(maskLikePattern('')).toBeUndefined();
    expect(maskLikePattern('xxx-1_3%-x')).toBeUndefined();
  });

  it('counts an account as a possible sender unless its name is another person', () => {
    const sender = { bankCode: 'SCB', accountNo: 'xxx-x-x6789-x', name: 'MR SOMCHAI JAIDEE' };
    const account = (bankAccountName: string, bankAccountNo = '1234567890', bankCode = 'SCB') => ({
      bankCode,
      bankAccountNo,
      bankAccountName,
    });
    expect(couldHaveSent(sender, account('SOMCHAI JAIDEE'))).toBe(true);
    expect(couldHaveSent(sender, account('SOMCHAI SUKSAN'))).toBe(true); // partial
    expect(couldHaveSent(sender, account('สมชาย ใจดี'))).toBe(true); // another script
    expect(couldHaveSent(sender, account('SOMSAK SUKSAN'))).toBe(false); // another person
    expect(couldHaveSent(sender, account('SOMCHAI JAIDEE', '1234567880'))).toBe(false);
    expect(couldHaveSent(sender, account('SOMCHAI JAIDEE', '1234567890', 'KBANK'))).toBe(false);
  });
});

describe('signed slip links', () => {
  const secret = 'a'.repeat(64);
  const now = new Date('2026-11-22T10:00:00.000Z');
  const parse = (link: string) => {
    const url = new URL(link, 'http://x');
    return {
      ref: url.pathname.split('/').pop()!,
      expires: url.searchParams.get('expires'),
      sig: url.searchParams.get('sig'),
    };
  };
  it('accepts its own link until it expires, and nothing altered', () => {
    const { ref, expires, sig } = parse(signedSlipLink(secret, 'SL0123', now, 900));
    expect(ref).toBe('SL0123');
    expect(checkSlipLink(secret, ref, expires, sig, now, 900)).toBe('valid');
    expect(checkSlipLink(secret, ref, expires, sig, new Date(now.getTime() + 900_000), 900)).toBe(
      'expired',
    );
    expect(checkSlipLink(secret, 'SL0124', expires, sig, now, 900)).toBe('bad');
    expect(checkSlipLink(secret, ref, String(Number(expires) + 1), sig, now, 900)).toBe('bad');
    expect(checkSlipLink('b'.repeat(64), ref, expires, sig, now, 900)).toBe('bad');
    expect(checkSlipLink(secret, ref, expires, `${sig}x`, now, 900)).toBe('bad');
    expect(checkSlipLink(secret, ref, undefined, sig, now, 900)).toBe('bad');
    expect(checkSlipLink(secret, ref, '1e9', sig, now, 900)).toBe('bad');
  });

  it('refuses a correctly signed link that outlives the lifetime this server hands out', () => {
    // Whoever holds the key (a published development key, say) could sign any expiry: a
    // link valid for a year, or until 5138, must not work for that long.
    const yearLater = new Date(now.getTime() + 365 * 24 * 3600 * 1000);
    const forever = new Date('5138-11-16T09:46:39.000Z');
    for (const until of [yearLater, forever]) {
      const { ref, expires, sig } = parse(
        signedSlipLink(secret, 'SL0123', now, (until.getTime() - now.getTime()) / 1000),
      );
      expect(checkSlipLink(secret, ref, expires, sig, now, 900)).toBe('bad');
    }
    // A link signed by another process a little ahead of this one's clock still works.
    const ahead = parse(signedSlipLink(secret, 'SL0123', new Date(now.getTime() + 30_000), 900));
    expect(checkSlipLink(secret, ahead.ref, ahead.expires, ahead.sig, now, 900)).toBe('valid');
  });
});
