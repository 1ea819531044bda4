import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { dashboard } from './dashboard.service';

// The console's dashboard (decision 0094): every role; support sees counts only.
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.operatorDashboard.dashboard, {}, ({ deps, operator }) =>
    dashboard(deps, operator.role),
  );
}
