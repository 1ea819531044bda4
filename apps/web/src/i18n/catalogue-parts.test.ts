// @vitest-environment jsdom
// The catalogue parts of decisions 0020 and 0084, with the real lazy loaders (fresh module state).
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  getLocale,
  hasMessage,
  setLocale,
  translate,
  withChatMessages,
  withExtraMessages,
  withPromoMessages,
} from '@/i18n/i18n';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { setNavigator } from '@/lib/navigation';

afterEach(() => vi.unstubAllGlobals());

describe('catalogue parts', () => {
  it('starts with the core part only, and an error answer brings the error texts first', async () => {
    await setLocale('en');
    expect(translate('home.totalBalance')).toBe('Total balance');
    // The home's promotion board is on its first screen (decision 0137): its words are core.
    expect(translate('homePromos.carousel')).toBe('Promotion slides');
    expect(hasMessage('errors.MONEY_NOT_ENOUGH')).toBe(false);

    setNavigator(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"MONEY_NOT_ENOUGH"}', { status: 400 })),
    );
    const error = await callApi(routes.wallet.transfer, { body: {} as never }).catch(
      (e: unknown) => e,
    );
    expect(errorMessage(error)).toBe('Insufficient balance');
  });

  it('a lazy screen waits for the second part, and a language switch then loads both parts', async () => {
    const screen = await withExtraMessages(async () => 'screen')();
    expect(screen).toBe('screen');
    expect(translate('transfer.title')).toBe('Transfer');

    await setLocale('th');
    expect(getLocale()).toBe('th');
    expect(translate('transfer.title')).toBe('โยกเงิน');
    expect(translate('home.totalBalance')).toBe('ยอดเงินรวม');
  });

  it('the promotion strings come only with the screens that show them, and then follow a switch', async () => {
    await setLocale('en');
    await withExtraMessages(async () => 'screen')();
    expect(hasMessage('transfer.title')).toBe(true);
    expect(hasMessage('bonus.title')).toBe(false);
    expect(hasMessage('invite.title')).toBe(false);

    const screen = await withPromoMessages(async () => 'bonus page')();
    expect(screen).toBe('bonus page');
    expect(translate('bonus.title')).toBe('Bonus');
    expect(hasMessage('errors.BONUS_CONDITION')).toBe(true);

    await setLocale('la');
    expect(translate('bonus.title')).toBe('ໂບນັດ');
  });

  it('the chat strings come only with the chat widget, and then follow a switch', async () => {
    await setLocale('en');
    await withExtraMessages(async () => 'screen')();
    expect(hasMessage('chat.title')).toBe(false);

    expect(await withChatMessages(async () => 'widget')()).toBe('widget');
    expect(translate('chat.title')).toBe('Support chat');
    expect(hasMessage('errors.REQUEST_LIMIT')).toBe(true);

    await setLocale('th');
    expect(translate('chat.title')).not.toBe('Support chat');
    expect(hasMessage('chat.title')).toBe(true);
  });
});
