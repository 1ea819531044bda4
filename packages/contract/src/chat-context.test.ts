import { describe, expect, it } from 'vitest';
import { contextState, partyName, readChatContext, statementPartyKind } from './chat-context';

describe('"ask about this" payloads (issue 26)', () => {
  const kbank = { th: 'ธนาคารกสิกรไทย', la: 'ທະນາຄານກະສິກອນໄທ', en: 'Kasikornbank' };

  it('reads the data a card is built from', () => {
    expect(
      readChatContext({
        kind: 'withdrawal',
        ref: 'WD1',
        status: 'PENDING',
        amount: 100,
        createdAt: '2026-11-20T03:00:00.000Z',
        type: 'withdraw',
        from: { kind: 'wallet', code: 'WALLET' },
        to: { kind: 'bank', code: 'KBANK', name: kbank },
      }),
    ).toEqual({
      kind: 'withdrawal',
      ref: 'WD1',
      status: 'PENDING',
      amount: 100,
      createdAt: '2026-11-20T03:00:00.000Z',
      move: {
        type: 'withdraw',
        from: { kind: 'wallet', code: 'WALLET' },
        to: { kind: 'bank', code: 'KBANK', name: kbank },
      },
    });
    expect(
      readChatContext({
        kind: 'slip',
        ref: 'SL1',
        status: 'failed',
        sender: { kind: 'bank', code: 'SCB' },
      }),
    ).toEqual({
      kind: 'slip',
      ref: 'SL1',
      status: 'failed',
      sender: { kind: 'bank', code: 'SCB' },
    });
  });

  it('keeps the stored title of a card from before, and drops what does not fit', () => {
    expect(
      readChatContext({
        kind: 'statement',
        ref: 'BN1',
        title: 'Bonus: BONUS → WALLET',
        status: 'SUCCESS',
      }),
    ).toEqual({
      kind: 'statement',
      ref: 'BN1',
      status: 'SUCCESS',
      storedTitle: 'Bonus: BONUS → WALLET',
    });
    // An unknown party kind reads as "other"; a broken name is left out; a bad type, no move.
    expect(
      readChatContext({
        kind: 'statement',
        ref: 'X',
        type: 'transfer',
        from: { kind: 'spaceship', code: 'Z', name: { th: 1 } },
        to: { kind: 'wallet', code: 'WALLET' },
      })?.move,
    ).toEqual({
      type: 'transfer',
      from: { kind: 'other', code: 'Z' },
      to: { kind: 'wallet', code: 'WALLET' },
    });
    expect(
      readChatContext({ kind: 'statement', ref: 'X', type: 'teleport', from: {}, to: {} }),
    ).toEqual({
      kind: 'statement',
      ref: 'X',
    });
    expect(readChatContext({ kind: 'nothing', ref: 'X' })).toBeNull();
    expect(readChatContext({ kind: 'slip' })).toBeNull();
    expect(readChatContext('text')).toBeNull();
  });

  it('reads statuses in the vocabulary of the card: a slip in lower case', () => {
    expect(contextState({ kind: 'slip' }, 'failed')).toBe('failed');
    expect(contextState({ kind: 'slip' }, 'success')).toBe('success');
    expect(contextState({ kind: 'withdrawal' }, 'FAILED')).toBe('failed');
    expect(contextState({ kind: 'statement' }, 'WAITING')).toBe('progress');
  });

  it('names the sides of a statement row from its code and channel', () => {
    expect(statementPartyKind('WALLET', 'game')).toBe('wallet');
    expect(statementPartyKind('BONUS', 'promotion')).toBe('bonus');
    expect(statementPartyKind('OPERATOR', 'adjustment')).toBe('operator');
    expect(statementPartyKind('GIFT_LINK', 'gift_link')).toBe('gift_link');
    expect(statementPartyKind('KBANK', 'qr')).toBe('qr');
    expect(statementPartyKind('KBANK', 'payout')).toBe('bank');
    expect(statementPartyKind('SCB', 'slip')).toBe('bank');
    expect(statementPartyKind('JOKER', 'game')).toBe('game');
    expect(statementPartyKind('???', undefined)).toBe('other');
    expect(partyName({ kind: 'bank', code: 'KBANK', name: kbank }, 'la')).toBe('ທະນາຄານກະສິກອນໄທ');
    expect(partyName({ kind: 'bank', code: 'WW' }, 'th')).toBe('WW');
  });
});
