// Its own module: only lazy chunks (dialogs that can meet a limit's refusal) use it, so it
// stays out of the home's first load (decision 0147).
import { currencySign, formatAmount } from '@/lib/money';

/**
 * The formatter of a member's amounts with their currency sign (฿1,250.00, ₭1,250.00), for
 * text such as a refusal's `remaining` (`errorMessage(error, moneyFormatter(currency))`).
 */
export function moneyFormatter(currency: string | undefined): (baht: number) => string {
  const sign = currencySign(currency);
  return (baht) => `${sign}${formatAmount(baht)}`;
}
