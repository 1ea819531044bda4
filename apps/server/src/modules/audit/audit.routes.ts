import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { listAudit } from './audit.service';

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.operator.audit, {}, ({ deps, query }) => listAudit(deps, query));
}
