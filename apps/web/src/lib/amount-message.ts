// The message for an amount the member typed that is not one (`@wallet/client/amount`), the
// same in every money field (issue 26). The texts are in the second catalogue part.
import { translate } from '@/i18n/i18n';
import type { AmountProblem } from '@wallet/client/amount';
import { formatAmount } from '@/lib/money';

export function amountProblemMessage(problem: { reason: AmountProblem; max: number }): string {
  return problem.reason === 'tooLarge'
    ? translate('amountInput.tooLarge', { max: formatAmount(problem.max) })
    : translate('amountInput.format');
}
