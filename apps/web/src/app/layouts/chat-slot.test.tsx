// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatSlot } from '@/app/layouts/chat-slot';
import { installCatalog } from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';

vi.mock('@/features/chat/components/chat-widget', () => ({
  ChatWidget: () => <div data-testid="chat-widget-loaded" />,
}));

/** Lets the lazy import and its Suspense settle. */
const settle = () => act(async () => void (await vi.dynamicImportSettled()));

beforeEach(() => {
  installCatalog('en', en);
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the chat slot (decision 0100)', () => {
  it('stays empty through the first load, then loads on the first interaction', async () => {
    render(<ChatSlot />);
    await act(async () => void vi.advanceTimersByTime(2000)); // idle (no requestIdleCallback)
    await settle();
    expect(screen.queryByTestId('chat-widget-loaded')).toBeNull();
    await act(async () => void window.dispatchEvent(new KeyboardEvent('keydown')));
    await settle();
    expect(screen.getByTestId('chat-widget-loaded')).toBeTruthy();
  });

  it('loads by itself a few seconds after the page went idle', async () => {
    render(<ChatSlot />);
    await act(async () => void vi.advanceTimersByTime(2000));
    await settle();
    expect(screen.queryByTestId('chat-widget-loaded')).toBeNull();
    await act(async () => void vi.advanceTimersByTime(4000));
    await settle();
    expect(screen.getByTestId('chat-widget-loaded')).toBeTruthy();
  });
});
