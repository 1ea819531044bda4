import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { attachmentName, dailyCsv, dailyReport, ledgerCsv, ledgerReport } from './reports.service';

// The operator's reports (decision 0094): JSON for the console's tables and charts, and the
// same figures as CSV files (contract entries with `contentType: 'text/csv'`).
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const group = api.operatorReports;
  route(app, group.daily, {}, ({ query }) => dailyReport(db, query));
  route(app, group.ledger, {}, ({ query }) => ledgerReport(db, query));
  route(app, group.dailyCsv, {}, async ({ query, locale, reply }) => {
    reply.header('content-disposition', `attachment; filename="${attachmentName('daily', query)}"`);
    return dailyCsv(await dailyReport(db, query), locale);
  });
  route(app, group.ledgerCsv, {}, async ({ query, locale, reply }) => {
    reply.header(
      'content-disposition',
      `attachment; filename="${attachmentName('ledger', query)}"`,
    );
    return ledgerCsv(await ledgerReport(db, query), locale);
  });
}
