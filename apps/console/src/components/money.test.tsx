// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Money } from './money';

describe('<Money>', () => {
  afterEach(cleanup);

  it('shows baht with 2 decimals and thousands separators', () => {
    render(<Money baht={1234567.8} />);
    const amount = screen.getByText('1,234,567.80');
    expect(amount.className).toBe('money');
  });

  it('marks a negative amount with a minus sign, and red only as a second cue', () => {
    render(<Money baht={-20.5} currency />);
    const amount = screen.getByText('-20.50 ฿');
    expect(amount.className).toBe('money money-negative');
  });

  it('does not call a rounding remainder negative', () => {
    render(<Money baht={-0.001} />);
    expect(screen.getByText('0.00').className).toBe('money');
  });
});
