import { formatMoney } from '@/lib/format';
import './money.css';

interface MoneyProps {
  /** Baht, as the contract answers it (at most 2 decimals). */
  baht: number;
  /** Add the currency after the number (`1,234.00 ฿`). */
  currency?: boolean;
}

/**
 * An amount in baht: 2 decimals, thousands separators, tabular digits. A negative amount
 * reads `-1,234.00` in red: the minus sign carries the meaning, the colour only repeats it.
 */
export function Money({ baht, currency = false }: MoneyProps) {
  const negative = Math.round(baht * 100) < 0;
  return (
    <span className={negative ? 'money money-negative' : 'money'}>
      {formatMoney(baht)}
      {currency ? ' ฿' : null}
    </span>
  );
}
