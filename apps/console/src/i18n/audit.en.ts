import type { auditTh } from './audit.th';
import type { Widen } from './types';

export const auditEn: Widen<typeof auditTh> = {
  description: 'Search every operator action in the audit log',
};
