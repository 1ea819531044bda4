import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import { pageSchema, slipSchema, statementItemSchema } from '../entities';

export const statementEndpoints = {
  list: endpoint({
    ...routes.statement.list,
    summary: 'Statement, newest first',
    body: pageSchema,
    response: z.object({ total: z.number(), statements: z.array(statementItemSchema) }),
    milestone: 3,
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
