// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast';
import { fakeFetch, useCatalog, type Recorded } from '@/test/setup';
import { SpinSettingsForm } from './settings-form';

const settings = {
  coinPer: 100,
  couponHours: 72,
  maxCoinsPerDay: 10,
  turnoverPercent: 100,
  failPercent: 0,
};

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <SpinSettingsForm settings={settings} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const saves = (requests: Recorded[]) =>
  requests.filter((r) => r.method === 'PUT' && r.url.endsWith('/api/operator/spin/settings'));

describe('spin settings form (decision 0112)', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  describe('in English', () => {
    beforeEach(() => useCatalog('en'));

    it('shows the three new fields with their values and hints', () => {
      fakeFetch(() => ({ status: 200, body: settings }));
      renderForm();
      const coins = screen.getByLabelText('Coins per day, at most');
      expect(coins).toHaveProperty('value', '10');
      expect(coins.getAttribute('aria-describedby')).toBeTruthy();
      expect(screen.getByLabelText('Turnover of a prize')).toHaveProperty('value', '100');
      expect(screen.getByLabelText('May end early below')).toHaveProperty('value', '0');
      expect(screen.getByText(/100 \(1x\) to 1,000 \(10x\), in steps of 100/)).toBeTruthy();
      expect(screen.getByText(/0 = no coins are earned/)).toBeTruthy();
    });

    it('refuses values the server refuses, each under its field, and sends nothing', async () => {
      const requests = fakeFetch(() => ({ status: 200, body: settings }));
      renderForm();
      const user = userEvent.setup({ delay: null });
      const fill = async (label: string, value: string) => {
        const input = screen.getByLabelText(label);
        await user.clear(input);
        if (value) await user.type(input, value);
        return input;
      };
      const coins = await fill('Coins per day, at most', '1001');
      const turnover = await fill('Turnover of a prize', '150');
      const fail = await fill('May end early below', '');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(
        screen
          .getByText('Some fields need attention: see the message under each')
          .getAttribute('role'),
      ).toBe('alert');
      expect(coins.getAttribute('aria-invalid')).toBe('true');
      expect(turnover.getAttribute('aria-invalid')).toBe('true');
      expect(fail.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getAllByText('Some information is not valid')).toHaveLength(2);
      expect(screen.getByText('Some required information is missing')).toBeTruthy();
      expect(saves(requests)).toHaveLength(0);
      // 1,000% is 10x: the top of the range; 0 coins is allowed.
      await fill('Turnover of a prize', '1001');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(screen.getByLabelText('Turnover of a prize').getAttribute('aria-invalid')).toBe(
        'true',
      );
      expect(saves(requests)).toHaveLength(0);
    });

    it('sends the three figures with the others', async () => {
      const requests = fakeFetch((request) => ({
        status: 200,
        body: request.method === 'PUT' ? request.body : settings,
      }));
      renderForm();
      const user = userEvent.setup({ delay: null });
      for (const [label, value] of [
        ['Coins per day, at most', '0'],
        ['Turnover of a prize', '300'],
        ['May end early below', '25'],
      ] as const) {
        await user.clear(screen.getByLabelText(label));
        await user.type(screen.getByLabelText(label), value);
      }
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(saves(requests)).toHaveLength(1));
      expect(saves(requests)[0]?.body).toEqual({
        coinPer: 100,
        couponHours: 72,
        maxCoinsPerDay: 0,
        turnoverPercent: 300,
        failPercent: 25,
      });
    });
  });

  it('has Thai labels and hints', () => {
    useCatalog('th');
    fakeFetch(() => ({ status: 200, body: settings }));
    renderForm();
    expect(screen.getByLabelText('เหรียญสูงสุดต่อวัน')).toHaveProperty('value', '10');
    expect(screen.getByLabelText('เทิร์นโอเวอร์ของรางวัล')).toHaveProperty('value', '100');
    expect(screen.getByLabelText('ยกเลิกได้เมื่อยอดต่ำกว่า')).toHaveProperty('value', '0');
    expect(screen.getByText(/100 \(1 เท่า\) ถึง 1,000 \(10 เท่า\) ทีละ 100/)).toBeTruthy();
  });
});
