import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { statementCsv, statementPdf } from './statement.export';
import * as service from './statement.service';

export async function statementRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  // Scoped to the caller: the member id comes from the session, never from the request.
  route(app, api.statement.list, {}, ({ member, body, locale }) =>
    service.list(db, member.memberId, body, locale),
  );
  // The statement of a range as a file (decision 0145): a heavy read, limited per member.
  route(
    app,
    api.statement.export,
    { memberLimit: { max: config.statement.exportPerMemberPerMin, timeWindow: 60_000 } },
    async ({ member, query, locale, reply }) => {
      const range = service.rangeOf(query.from, query.to)!;
      const lang = query.lang ?? locale;
      const items = await service.rowsInRange(db, member.memberId, range, lang);
      const name = `statement-${query.from}-${query.to}.${query.format}`;
      reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      if (query.format === 'csv') {
        reply.type('text/csv; charset=utf-8');
        return statementCsv(items, lang);
      }
      reply.type('application/pdf');
      return statementPdf(items, lang, { from: query.from, to: query.to });
    },
  );
}
