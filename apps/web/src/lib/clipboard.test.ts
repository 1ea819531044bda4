// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from '@/lib/clipboard';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

function stubExecCommand(result: boolean) {
  const exec = vi.fn(() => result);
  Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
  return exec;
}

describe('copyText', () => {
  it('uses the Clipboard API when there is one', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const exec = stubExecCommand(true);
    expect(await copyText('0408123456')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('0408123456');
    expect(exec).not.toHaveBeenCalled();
  });

  it('falls back to execCommand on plain http (no Clipboard API) and cleans up', async () => {
    const exec = stubExecCommand(true);
    expect(await copyText('4061234567')).toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('falls back when the Clipboard API refuses, and reports a failure', async () => {
    const writeText = vi.fn(async () => {
      throw new Error('NotAllowedError');
    });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stubExecCommand(false);
    expect(await copyText('x')).toBe(false);
  });
});
