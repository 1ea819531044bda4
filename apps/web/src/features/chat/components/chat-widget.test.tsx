// @vitest-environment jsdom
import type { ChatMessage } from '@wallet/contract/client';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installCatalog } from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';
import { askAboutThis, CHAT_LAUNCHER_SLOT_ID } from '@/lib/chat-launcher';
import { fakeApi, type FakeRoutes } from '@/test/render';
import { ChatWidget, INVITE_MS } from './chat-widget';

const GUEST = 'g.AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB';

const socket = vi.hoisted(() => ({
  connected: true,
  handlers: new Map<string, ((message?: unknown) => void)[]>(),
  on(event: string, listener: (message?: unknown) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
  },
  emit: () => undefined,
  connect: () => undefined,
  disconnect: () => undefined,
}));
vi.mock('@/features/chat/lib/chat-socket', () => ({
  connectChatSocket: async () => socket,
}));

function agent(n: number, text: string, over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    _id: `m${n}`,
    sender: 'agent',
    message: { message_type: 'text', payload: text },
    userId: null,
    guestId: GUEST,
    username: null,
    name: 'Nok',
    deviceToken: null,
    createdAt: new Date(Date.UTC(2025, 0, 1, 3, n)).toISOString(),
    session_id: 's1',
    ...over,
  };
}

function routes(over: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /api/lookup/enableChatWidget': () => ({ json: { enableChatWidget: true } }),
    'GET /api/chat/config': () => ({ json: { PREFIX: 'wallet-chat-', guestId: GUEST } }),
    'POST /api/chat/history': () => ({ json: [agent(1, 'Hello, how can we help?')] }),
    'POST /api/chat/send-message': () => ({
      json: { _id: 'm9', createdAt: '2025-01-01T03:30:00.000Z', session_id: 's1' },
    }),
    'PUT /api/chat/read-customer/': () => ({ json: { message: 'OK' } }),
    ...over,
  };
}

beforeEach(() => {
  installCatalog('en', en);
  localStorage.clear();
  sessionStorage.clear();
  socket.handlers.clear();
  // No rotation in tests: the panel toggles at once (prefers-reduced-motion).
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('reduce'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function openPanel() {
  await userEvent.click(
    await screen.findByRole('button', { name: 'Chat with support' }, { timeout: 5000 }),
  );
  return screen.findByRole('dialog', { name: 'Support chat' }, { timeout: 5000 });
}

describe('chat widget', () => {
  it('shows nothing when the operator has the chat off', async () => {
    const api = fakeApi(
      routes({ 'GET /api/lookup/enableChatWidget': () => ({ json: { enableChatWidget: false } }) }),
    );
    render(<ChatWidget />);
    await waitFor(() => expect(api.called('GET /api/lookup/enableChatWidget')).toHaveLength(1));
    expect(screen.queryByTestId('chat-widget')).toBeNull();
  });

  it('invites, opens the panel as a dialog with the history, keeps the guest id and gives focus back on close', async () => {
    const api = fakeApi(routes());
    render(<ChatWidget />);
    expect((await screen.findByTestId('chat-invite')).textContent).toContain('Need help?');
    const panel = await openPanel();
    expect(
      await within(panel).findByText('Hello, how can we help?', {}, { timeout: 5000 }),
    ).toBeTruthy();
    const log = within(panel).getByRole('log');
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(localStorage.getItem('guest-id')).toBe(GUEST);
    expect(api.called('POST /api/chat/history')[0]!.body).toEqual({
      userId: null,
      guestId: GUEST,
      limit: 10,
      skip: 0,
    });
    expect(document.activeElement).toBe(
      within(panel).getByRole('textbox', { name: 'Your message' }),
    );

    await userEvent.click(within(panel).getByRole('button', { name: 'Close the chat' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chat with support' }));
  });

  it('Back (browser or Android) closes the panel instead of leaving the page', async () => {
    fakeApi(routes());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    window.history.pushState({ page: 'login' }, '');
    render(<ChatWidget />);
    await openPanel();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(window.history.state).toEqual({ page: 'login' });
    expect(screen.getByRole('button', { name: 'Chat with support' })).toBeTruthy();
  });

  it('puts the button in the top bar when the shell offers its slot (decision 0131)', async () => {
    fakeApi(routes());
    const slot = document.body.appendChild(document.createElement('span'));
    slot.id = CHAT_LAUNCHER_SLOT_ID;
    try {
      render(<ChatWidget />);
      const launcher = await screen.findByTestId('chat-launcher', {}, { timeout: 5000 });
      expect(slot.contains(launcher)).toBe(true);
      expect(launcher.classList.contains('chat-launcher--bar')).toBe(true);
      expect(screen.getByTestId('chat-widget').contains(launcher)).toBe(false);
      expect(screen.getByTestId('chat-widget').classList.contains('chat-widget--bar')).toBe(true);
      await userEvent.click(launcher);
      await screen.findByRole('dialog', { name: 'Support chat' });
    } finally {
      cleanup();
      slot.remove();
    }
  });

  it('invites once per session, not after every load (issue 26)', async () => {
    fakeApi(routes());
    render(<ChatWidget />);
    await screen.findByTestId('chat-invite');
    cleanup();
    render(<ChatWidget />);
    await screen.findByTestId('chat-launcher', {}, { timeout: 5000 });
    expect(screen.queryByTestId('chat-invite')).toBeNull();
  });

  it('keeps each word of the invite whole: lines break only between words (issue 26)', async () => {
    fakeApi(routes());
    render(<ChatWidget />);
    const invite = await screen.findByTestId('chat-invite');
    const words = Array.from(invite.querySelectorAll('.chat-invite__word')).map(
      (word) => word.textContent,
    );
    expect(words).toEqual(['Need ', 'help? ', 'Chat ', 'with ', 'us']);
  });

  it('does not invite where the bubble would cover a button or the footer; tries again next load', async () => {
    fakeApi(routes());
    const tile = document.body.appendChild(document.createElement('button'));
    tile.textContent = 'Refund';
    // Everything laid out on the same spot: the bubble would sit on the tile.
    const box = { left: 200, top: 600, right: 340, bottom: 640, width: 140, height: 40 };
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ ...box, x: box.left, y: box.top, toJSON: () => box } as DOMRect);
    try {
      render(<ChatWidget />);
      await screen.findByTestId('chat-launcher', {}, { timeout: 5000 });
      await act(async () => undefined);
      expect(screen.queryByTestId('chat-invite')).toBeNull();
      expect(document.querySelector('.chat-invite')).toBeNull();
      // Not counted as shown: another page of the session with room may still invite.
      expect(sessionStorage.getItem('chat-invited')).toBeNull();
    } finally {
      rect.mockRestore();
      tile.remove();
    }
  });

  it('invites over text that is only focusable (the announcement line pauses by keys), not a control', async () => {
    fakeApi(routes());
    const line = document.body.appendChild(document.createElement('div'));
    line.tabIndex = 0;
    line.textContent = 'Deposit today, spin tomorrow';
    const box = { left: 200, top: 60, right: 340, bottom: 100, width: 140, height: 40 };
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ ...box, x: box.left, y: box.top, toJSON: () => box } as DOMRect);
    try {
      render(<ChatWidget />);
      await screen.findByTestId('chat-invite', {}, { timeout: 5000 });
      expect(sessionStorage.getItem('chat-invited')).toBe('1');
    } finally {
      rect.mockRestore();
      line.remove();
    }
  });

  it('folds the invite away after a few seconds, or at a press elsewhere; the button stays', async () => {
    fakeApi(routes());
    const outside = document.body.appendChild(document.createElement('button'));
    try {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      render(<ChatWidget />);
      await screen.findByTestId('chat-invite');
      await act(async () => undefined); // the invite's timer starts in an effect
      await act(async () => {
        vi.advanceTimersByTime(INVITE_MS - 100);
      });
      expect(screen.queryByTestId('chat-invite')).not.toBeNull();
      // A press on the widget itself keeps it.
      fireEvent.pointerDown(screen.getByTestId('chat-invite'));
      expect(screen.queryByTestId('chat-invite')).not.toBeNull();
      await act(async () => {
        vi.advanceTimersByTime(200);
      });
      expect(screen.queryByTestId('chat-invite')).toBeNull();
      expect(screen.getByTestId('chat-launcher')).toBeTruthy();

      cleanup();
      sessionStorage.clear(); // a new session: the invite shows once per session
      render(<ChatWidget />);
      await screen.findByTestId('chat-invite');
      await act(async () => undefined);
      fireEvent.pointerDown(outside);
      expect(screen.queryByTestId('chat-invite')).toBeNull();
      expect(screen.getByTestId('chat-launcher')).toBeTruthy();
    } finally {
      outside.remove();
    }
  });

  it("shows 'Cannot start chatting' when the chat cannot start, and tries again", async () => {
    let fail = true;
    fakeApi(
      routes({
        'GET /api/chat/config': () =>
          fail
            ? { status: 503, json: { message: 'SERVICE_UNAVAILABLE' } }
            : { json: { PREFIX: 'p', guestId: GUEST } },
      }),
    );
    render(<ChatWidget />);
    const panel = await openPanel();
    expect((await within(panel).findByTestId('chat-cannot-start')).textContent).toContain(
      'Cannot start chatting',
    );
    fail = false;
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(
      await within(panel).findByText('Hello, how can we help?', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('Enter sends (after 500 ms), Shift+Enter is a new line, whitespace never goes', async () => {
    const api = fakeApi(routes());
    render(<ChatWidget />);
    const panel = await openPanel();
    await within(panel).findByText('Hello, how can we help?', {}, { timeout: 5000 });
    const input = within(panel).getByRole('textbox', { name: 'Your message' });
    await userEvent.type(input, '   {Enter}');
    expect(within(panel).getAllByTestId('chat-message')).toHaveLength(1);
    await userEvent.clear(input);
    await userEvent.type(input, 'My deposit{Shift>}{Enter}{/Shift}is stuck{Enter}');
    expect(input).toHaveProperty('value', '');
    const mine = within(panel)
      .getAllByTestId('chat-message')
      .find((m) => m.dataset.sender === 'customer')!;
    expect(mine.textContent).toContain('My deposit\nis stuck');
    expect(api.called('POST /api/chat/send-message')).toHaveLength(0);
    await waitFor(() => expect(api.called('POST /api/chat/send-message')).toHaveLength(1));
    const body = api.called('POST /api/chat/send-message')[0]!.body as {
      conversation: ChatMessage;
    };
    expect(body.conversation.message).toEqual({
      message_type: 'text',
      payload: 'My deposit\nis stuck',
    });
    expect(body.conversation.clientMessageId).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(mine.dataset.status).toBe('succeed'));
  });

  it("the paperclip refuses a file without an extension or too large with the spec's words", async () => {
    fakeApi(routes());
    render(<ChatWidget />);
    const panel = await openPanel();
    await within(panel).findByText('Hello, how can we help?', {}, { timeout: 5000 });
    const input = within(panel).getByTestId('chat-file') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'photo', { type: 'image/png' })] },
    });
    expect(within(panel).getByRole('alert').textContent).toBe('File is not supported');
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(within(panel).getByRole('alert').textContent).toBe(
      'The file is too large. Please select file no larger than 10 MB.',
    );
  });

  it('a live agent message appears once; marked read 1 s later while the panel is open', async () => {
    const api = fakeApi(routes());
    render(<ChatWidget />);
    const panel = await openPanel();
    await within(panel).findByText('Hello, how can we help?', {}, { timeout: 5000 });
    await waitFor(() => expect(socket.handlers.get('messaging')).toBeDefined());
    const reads = api.called('PUT /api/chat/read-customer/').length;
    act(() => {
      for (const handler of socket.handlers.get('messaging')!) handler(agent(2, 'Checking now'));
      for (const handler of socket.handlers.get('messaging')!) handler(agent(2, 'Checking now'));
    });
    expect(within(panel).getAllByText('Checking now')).toHaveLength(1);
    await waitFor(() => expect(api.called('PUT /api/chat/read-customer/').length).toBe(reads + 1), {
      timeout: 5000,
    });
  });

  it('"ask about this" opens the chat and sends the item as a context message', async () => {
    const api = fakeApi(routes());
    render(<ChatWidget />);
    await screen.findByRole('button', { name: 'Chat with support' }, { timeout: 5000 });
    act(() => {
      askAboutThis({ kind: 'slip', ref: 'slip-7' });
    });
    const panel = await screen.findByRole('dialog', { name: 'Support chat' });
    await waitFor(() => expect(api.called('POST /api/chat/send-message')).toHaveLength(1), {
      timeout: 5000,
    });
    const body = api.called('POST /api/chat/send-message')[0]!.body as {
      conversation: ChatMessage;
    };
    expect(body.conversation.message).toEqual({
      message_type: 'context',
      payload: { kind: 'slip', ref: 'slip-7' },
    });
    expect(within(panel).getByTestId('chat-context').dataset.kind).toBe('slip');
  });
});
