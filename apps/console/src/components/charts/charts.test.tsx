// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/format';
import { useCatalog } from '@/test/setup';
import { BarChart } from './bar-chart';
import { niceCeil, valueRange } from './chart-common';
import { LineChart } from './line-chart';

const labels = ['01/06', '02/06', '03/06'];
const series = [
  { name: 'Deposits', values: [1200.5, 0, 3000] },
  { name: 'Withdrawals', values: [800, 250.25, null] },
];

// The first render in a fresh jsdom takes seconds on a busy 2-core machine.
describe('charts', { timeout: 15_000 }, () => {
  beforeEach(() => useCatalog('en'));
  afterEach(cleanup);

  for (const [name, Chart] of [
    ['BarChart', BarChart],
    ['LineChart', LineChart],
  ] as const) {
    it(`${name}: one image with a spoken summary, and the numbers in a table`, () => {
      render(<Chart title="Money by day" labels={labels} series={series} format={formatMoney} />);
      const image = screen.getByRole('img');
      expect(image.tagName.toLowerCase()).toBe('svg');
      expect(image.getAttribute('aria-label')).toBe(
        'Money by day: 3 points from 01/06 to 03/06; ' +
          'Deposits total 4,200.50, highest 3,000.00; Withdrawals total 1,050.25, highest 800.00',
      );
      const table = screen.getByRole('table', { name: 'Data of the chart Money by day' });
      expect(table.className).toBe('visually-hidden');
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent);
      expect(headers).toEqual(['Item', 'Deposits', 'Withdrawals']);
      const rows = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.children].map((cell) => cell.textContent));
      expect(rows).toEqual([
        ['01/06', '1,200.50', '800.00'],
        ['02/06', '0.00', '250.25'],
        ['03/06', '3,000.00', '–'],
      ]);
      expect(screen.getByText('Money by day').tagName.toLowerCase()).toBe('figcaption');
    });
  }

  it('draws one bar per value and one line per series', () => {
    const { container, unmount } = render(<BarChart title="t" labels={labels} series={series} />);
    // 3 + 2 values (the missing one draws nothing); the legend's swatches sit outside the drawing.
    expect(container.querySelectorAll('svg[role="img"] rect')).toHaveLength(5);
    unmount();
    const line = render(<LineChart title="t" labels={labels} series={series} />);
    expect(line.container.querySelectorAll('svg[role="img"] path[stroke]')).toHaveLength(2);
  });

  it('rounds the axis to a readable bound that includes zero', () => {
    expect(niceCeil(0)).toBe(0);
    expect(niceCeil(7)).toBe(10);
    expect(niceCeil(1200)).toBe(2000);
    expect(niceCeil(2400)).toBe(2500);
    expect(valueRange([{ name: 'net', values: [-350, 1200] }])).toEqual({ min: -500, max: 2000 });
    expect(valueRange([{ name: 'none', values: [] }])).toEqual({ min: 0, max: 1 });
  });
});
