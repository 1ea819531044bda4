import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import * as service from './statement.service';

export async function statementRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  // Scoped to the caller: the member id comes from the session, never from the request.
  route(app, api.statement.list, {}, ({ member, body, locale }) =>
    service.list(db, member.memberId, body, locale),
  );
}
