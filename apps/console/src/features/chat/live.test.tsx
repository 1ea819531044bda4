// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endSession, startSession } from '@/lib/session';
import { POLL_MS, useInboxLive } from './live';
import type { InboxSocketLike } from './live-socket';

function fakeSocket() {
  const handlers = new Map<string, (arg?: unknown) => void>();
  const socket = {
    connected: false,
    on: (event: string, listener: (arg?: unknown) => void) => handlers.set(event, listener),
    emit: vi.fn(),
    connect: vi.fn(),
    disconnect: vi.fn(() => {
      socket.connected = false;
    }),
    fire(event: string, arg?: unknown) {
      if (event === 'connect') socket.connected = true;
      if (event === 'disconnect') socket.connected = false;
      handlers.get(event)?.(arg);
    },
  };
  return socket;
}

function signIn(token = 'operator-token') {
  startSession({
    token,
    operator: { id: 7, username: 'support', displayName: 'Support', role: 'support' },
    idleMinutes: 15,
  });
}

function renderLive(connect: (token: string) => Promise<InboxSocketLike>) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useInboxLive(connect), { wrapper });
}

describe('useInboxLive', () => {
  afterEach(() => {
    cleanup();
    endSession('signedOut');
  });

  it('polls every 10 s until the socket is live, then stops polling; again when it drops', async () => {
    signIn();
    const socket = fakeSocket();
    const connect = vi.fn(async () => socket as unknown as InboxSocketLike);
    const { result } = renderLive(connect);
    expect(result.current).toMatchObject({ status: 'connecting', pollMs: POLL_MS });
    await act(async () => {});
    expect(connect).toHaveBeenCalledWith('operator-token');
    act(() => socket.fire('connect'));
    expect(result.current).toEqual({ status: 'live', connected: true, pollMs: false });
    act(() => socket.fire('disconnect', 'transport close'));
    expect(result.current).toEqual({ status: 'reconnecting', connected: false, pollMs: POLL_MS });
  });

  it('closes the socket on sign-out (and on the idle timeout, which signs out)', async () => {
    signIn();
    const socket = fakeSocket();
    const { result } = renderLive(async () => socket as unknown as InboxSocketLike);
    await act(async () => {});
    act(() => socket.fire('connect'));
    expect(result.current.connected).toBe(true);
    act(() => endSession('idle'));
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
    expect(result.current).toMatchObject({ status: 'off', pollMs: POLL_MS });
  });

  it('opens nothing without a session, and closes on unmount', async () => {
    const connect = vi.fn(async () => fakeSocket() as unknown as InboxSocketLike);
    const first = renderLive(connect);
    await act(async () => {});
    expect(connect).not.toHaveBeenCalled();
    expect(first.result.current.status).toBe('off');
    first.unmount();

    signIn();
    const socket = fakeSocket();
    const second = renderLive(async () => socket as unknown as InboxSocketLike);
    await act(async () => {});
    second.unmount();
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
  });
});
