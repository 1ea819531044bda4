// The English catalogue; typed Catalog, so it has every key of the Thai one.
import type { Catalog } from './catalog';
import { coreEn } from './core.en';
import { errorsEn } from './errors.en';
import { dashboardEn } from './dashboard.en';
import { membersEn } from './members.en';
import { withdrawalsEn } from './withdrawals.en';
import { depositsEn } from './deposits.en';
import { transfersEn } from './transfers.en';
import { promotionsEn } from './promotions.en';
import { settingsEn } from './settings.en';
import { reportsEn } from './reports.en';
import { auditEn } from './audit.en';
import { operatorsEn } from './operators.en';
import { adjustmentsEn } from './adjustments.en';
import { approvalsEn } from './approvals.en';
import { chatEn } from './chat.en';
import { harmEn } from './harm.en';

export const en: Catalog = {
  ...coreEn,
  errors: errorsEn,
  dashboard: dashboardEn,
  members: membersEn,
  withdrawals: withdrawalsEn,
  deposits: depositsEn,
  transfers: transfersEn,
  promotions: promotionsEn,
  settings: settingsEn,
  reports: reportsEn,
  audit: auditEn,
  operators: operatorsEn,
  adjustments: adjustmentsEn,
  approvals: approvalsEn,
  chat: chatEn,
  harm: harmEn,
};
