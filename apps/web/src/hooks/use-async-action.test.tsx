// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAsyncAction } from '@/hooks/use-async-action';
import { pressTwiceInOneTask } from '@/test/press';

afterEach(cleanup);

function Pay({ send }: { send: () => Promise<string> }) {
  const pay = useAsyncAction(send);
  return (
    <button aria-busy={pay.pending} onClick={() => void pay.run()}>
      Pay
    </button>
  );
}

describe('useAsyncAction (the guard of money buttons)', () => {
  it('runs once for two presses in one task, before any render marks it busy', async () => {
    let settle: (value: string) => void = () => undefined;
    const send = vi.fn(
      () =>
        new Promise<string>((resolve) => {
          settle = resolve;
        }),
    );
    render(<Pay send={send} />);
    const button = screen.getByRole('button', { name: 'Pay' });
    pressTwiceInOneTask(button);
    expect(send).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await act(async () => settle('ok'));
    expect(button.getAttribute('aria-busy')).toBe('false');
    // Settled: the next press is a new action.
    pressTwiceInOneTask(button);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('answers the outcome, a failure too, and null for an ignored press', async () => {
    let result: unknown[] = [];
    function Probe() {
      const action = useAsyncAction(async (fail: boolean) => {
        if (fail) throw new Error('MONEY_NOT_ENOUGH');
        return 5;
      });
      return (
        <button
          onClick={() => {
            result = [];
            void Promise.all([action.run(true), action.run(false)]).then((all) => {
              result = all;
            });
          }}
        >
          Go
        </button>
      );
    }
    render(<Probe />);
    await act(async () => screen.getByRole('button', { name: 'Go' }).click());
    expect(result).toEqual([{ ok: false, error: new Error('MONEY_NOT_ENOUGH') }, null]);
  });
});
