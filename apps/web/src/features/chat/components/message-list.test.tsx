// @vitest-environment jsdom
import type { ChatMessage } from '@wallet/contract/client';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installCatalog } from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';
import type { ChatEntry, ChatState } from '@/features/chat/lib/chat-controller';
import { MessageList } from './message-list';

// jsdom has no layout: each message is 100 px tall, the log shows 300 px.
const scrollTops = new WeakMap<Element, number>();
const descriptors = {
  scrollHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight'),
  clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
  scrollTop: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop'),
};
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.querySelectorAll('[data-testid=chat-message]').length * 100;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => 300,
  });
  Object.defineProperty(Element.prototype, 'scrollTop', {
    configurable: true,
    get(this: Element) {
      return scrollTops.get(this) ?? 0;
    },
    set(this: Element, value: number) {
      const max = Math.max(0, (this as HTMLElement).scrollHeight - 300);
      scrollTops.set(this, Math.min(max, Math.max(0, value)));
    },
  });
});
afterAll(() => {
  for (const [name, descriptor] of Object.entries(descriptors)) {
    const target = name === 'scrollTop' ? Element.prototype : HTMLElement.prototype;
    if (descriptor) Object.defineProperty(target, name, descriptor);
  }
});
beforeEach(() => installCatalog('en', en));
afterEach(cleanup);

function entry(n: number, sender = 'agent'): ChatEntry {
  const message: ChatMessage = {
    _id: `m${n}`,
    sender,
    message: { message_type: 'text', payload: `message ${n}` },
    userId: null,
    guestId: 'g',
    username: null,
    name: null,
    deviceToken: null,
    createdAt: new Date(Date.UTC(2025, 0, 1, 3, n)).toISOString(),
    session_id: 's1',
  };
  return { key: `m${n}`, message, status: 'succeed' };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => entry(from + i));

function state(entries: ChatEntry[], over: Partial<ChatState> = {}): ChatState {
  return {
    phase: 'ready',
    entries,
    hasMore: true,
    loadingOlder: false,
    olderFailed: false,
    connected: true,
    arrivals: 0,
    ...over,
  };
}

const actions = { sendText: vi.fn(), sendPostback: vi.fn(), resend: vi.fn(), remove: vi.fn() };

function list(value: ChatState, onLoadOlder = vi.fn()) {
  return <MessageList state={value} actions={actions} onLoadOlder={onLoadOlder} />;
}

describe('message list scrolling', () => {
  it('opens at the newest message; scrolling to the top loads the page before without moving the view', () => {
    const onLoadOlder = vi.fn();
    const view = render(list(state(range(11, 20)), onLoadOlder));
    const log = screen.getByRole('log');
    expect(log.scrollTop).toBe(1000 - 300);

    log.scrollTop = 0;
    fireEvent.scroll(log);
    expect(onLoadOlder).toHaveBeenCalledTimes(1);
    view.rerender(list(state(range(11, 20), { loadingOlder: true }), onLoadOlder));
    view.rerender(list(state(range(1, 20)), onLoadOlder));
    // Message 11 was at the top of the view; ten messages (1000 px) went in above it.
    expect(log.scrollTop).toBe(1000);
  });

  it('a new agent message scrolls into view at the bottom, and shows the hint when scrolled up more than 60 px', () => {
    const view = render(list(state(range(1, 10))));
    const log = screen.getByRole('log');
    view.rerender(list(state(range(1, 11))));
    expect(log.scrollTop).toBe(1100 - 300);
    expect(screen.queryByTestId('chat-new-messages')).toBeNull();

    log.scrollTop = 1100 - 300 - 61;
    fireEvent.scroll(log);
    view.rerender(list(state(range(1, 12))));
    expect(log.scrollTop).toBe(1100 - 300 - 61);
    fireEvent.click(screen.getByTestId('chat-new-messages'));
    expect(log.scrollTop).toBe(1200 - 300);
    expect(screen.queryByTestId('chat-new-messages')).toBeNull();

    // 60 px up still counts as at the bottom.
    log.scrollTop = 1200 - 300 - 60;
    fireEvent.scroll(log);
    view.rerender(list(state(range(1, 13))));
    expect(log.scrollTop).toBe(1300 - 300);
    expect(screen.queryByTestId('chat-new-messages')).toBeNull();
  });

  it("the member's own message always scrolls to the bottom", () => {
    const view = render(list(state(range(1, 10))));
    const log = screen.getByRole('log');
    log.scrollTop = 0;
    fireEvent.scroll(log);
    const mine: ChatEntry = { ...entry(11, 'customer'), key: 'c1', status: 'sending' };
    view.rerender(list(state([...range(1, 10), mine], { hasMore: false })));
    expect(log.scrollTop).toBe(1100 - 300);
  });

  it('draws date separators and an end marker where the conversation changes', () => {
    const next = { ...entry(30), message: { ...entry(30).message, session_id: 's2' } };
    next.message.createdAt = '2025-01-03T03:00:00.000Z';
    render(list(state([...range(1, 3), next], { hasMore: false })));
    expect(screen.getAllByTestId('chat-date')).toHaveLength(2);
    expect(screen.getAllByTestId('chat-end')).toHaveLength(1);
    expect(screen.getByText('Start of the conversation')).toBeTruthy();
  });
});
