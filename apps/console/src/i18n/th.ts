// The Thai catalogue: the shared part, the error texts and one part per section.
import { coreTh } from './core.th';
import { errorsTh } from './errors.th';
import { dashboardTh } from './dashboard.th';
import { membersTh } from './members.th';
import { withdrawalsTh } from './withdrawals.th';
import { depositsTh } from './deposits.th';
import { transfersTh } from './transfers.th';
import { promotionsTh } from './promotions.th';
import { settingsTh } from './settings.th';
import { reportsTh } from './reports.th';
import { auditTh } from './audit.th';
import { operatorsTh } from './operators.th';
import { adjustmentsTh } from './adjustments.th';
import { approvalsTh } from './approvals.th';
import { chatTh } from './chat.th';
import { harmTh } from './harm.th';

export const th = {
  ...coreTh,
  errors: errorsTh,
  dashboard: dashboardTh,
  members: membersTh,
  withdrawals: withdrawalsTh,
  deposits: depositsTh,
  transfers: transfersTh,
  promotions: promotionsTh,
  settings: settingsTh,
  reports: reportsTh,
  audit: auditTh,
  operators: operatorsTh,
  adjustments: adjustmentsTh,
  approvals: approvalsTh,
  chat: chatTh,
  harm: harmTh,
};
