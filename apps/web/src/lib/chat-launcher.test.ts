import { describe, expect, it, vi } from 'vitest';
import { askAboutThis, isChatAvailable, registerChatHandler } from './chat-launcher';

describe('chat launcher (ask about this)', () => {
  it('hands the request to the registered chat, and says no when there is none', () => {
    expect(askAboutThis({ kind: 'slip', ref: 's1' })).toBe(false);
    const handler = vi.fn();
    const unregister = registerChatHandler(handler);
    expect(isChatAvailable()).toBe(true);
    expect(askAboutThis({ kind: 'slip', ref: 's1' })).toBe(true);
    expect(handler).toHaveBeenCalledWith({ kind: 'slip', ref: 's1' });
    unregister();
    expect(isChatAvailable()).toBe(false);
  });

  it('an older registration leaving does not remove the newer one', () => {
    const first = registerChatHandler(vi.fn());
    const second = registerChatHandler(vi.fn());
    first();
    expect(isChatAvailable()).toBe(true);
    second();
    expect(isChatAvailable()).toBe(false);
  });
});
