import type { auditTh } from './audit.th';
import type { Widen } from './types';

export const auditEn: Widen<typeof auditTh> = {
  description: 'Search every operator action in the audit log',
  search: 'Search',
  searchHint:
    'Matches the operator, action, target or outcome; member:10001 finds every entry about member 10001',
  operator: 'Operator (username)',
  from: 'From',
  to: 'To',
  apply: 'Filter',
  reset: 'Clear the filters',
  filters: 'Filters',
  dates: 'Dates (Bangkok time)',
  caption: 'Audit log, newest first',
  col: {
    at: 'Time',
    operator: 'Operator',
    action: 'Action',
    target: 'Target',
    outcome: 'Outcome',
    from: 'From',
    details: 'Details',
  },
  ok: 'Done',
  show: 'Show changes',
  hide: 'Hide changes',
  diffCaption: 'Before and after: {action}',
  field: 'Field',
  before: 'Before',
  after: 'After',
  changed: 'changed',
  nothing: 'No before or after recorded',
  userAgent: 'Browser',
  empty: 'No entries match the filters',
};
