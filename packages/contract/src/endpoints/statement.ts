import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import { pageSchema, slipSchema, statementItemSchema } from '../entities';

/**
 * A Bangkok day, `YYYY-MM-DD`. Checked by the server, not here: a malformed or too long
 * range is refused with STATEMENT_RANGE_INVALID (decision 0145), not KEY_INVALID.
 */
const rangeDay = z.string().max(32);

import { statementExportFormats } from '../constants';

export const statementEndpoints = {
  list: endpoint({
    ...routes.statement.list,
    summary: 'Statement, newest first',
    // The spec's body; `from` and `to` (ours, decision 0145) are optional, both or neither:
    // Bangkok days, inclusive, at most 12 months apart.
    body: pageSchema.extend({ from: rangeDay.optional(), to: rangeDay.optional() }),
    response: z.object({ total: z.number(), statements: z.array(statementItemSchema) }),
    milestone: 3,
  }),
  export: endpoint({
    ...routes.statement.export,
    summary: "The statement of a range as a file (CSV or PDF), in the member's language",
    query: z.strictObject({
      from: rangeDay,
      to: rangeDay,
      format: z.enum(statementExportFormats),
      lang: z.enum(['th', 'la', 'en']).optional(),
    }),
    response: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
    milestone: 28,
  }),
  slips: endpoint({
    ...routes.statement.slips,
    summary: 'Uploaded slips, newest first',
    body: pageSchema,
    response: z.object({ total: z.number(), slips: z.array(slipSchema) }),
    milestone: 4,
  }),
  slipByReference: endpoint({
    ...routes.statement.slipByReference,
    summary: 'Link to a slip image by its reference',
    params: z.object({ reference: z.string().min(1).max(64) }),
    response: z.object({ url: z.string() }),
    milestone: 4,
  }),
};
