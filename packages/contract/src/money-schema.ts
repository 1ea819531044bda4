import { z } from 'zod';
import { hasAtMostTwoDecimals, MAX_AMOUNT_BAHT } from './money';

/** A positive baht amount as the contract accepts it: > 0, <= 2 decimals, <= MAX_AMOUNT_BAHT. */
export const bahtAmountSchema = z
  .number()
  .positive()
  .max(MAX_AMOUNT_BAHT)
  .refine(hasAtMostTwoDecimals, { message: 'KEY_INVALID' });

/** A baht figure in an answer (may be zero or negative in a statement row). */
export const bahtFigureSchema = z.number();
