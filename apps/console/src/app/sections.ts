// The console's sections (decision 0087): one table for the side navigation and the router.
// `roles` lists every role that may open the section (admin is listed too, for reading);
// a role outside the list does not see the link and gets "not allowed" at the address.
// Each section is a lazily loaded `features/<id>/page.tsx` (default export).
import type { ComponentType } from 'react';
import type { OperatorRole } from '@wallet/contract/client';
import type { IconName } from '@/components/icons';

export interface Section {
  /** Also the path under /console/ and the nav text key `nav.<id>`. */
  id: SectionId;
  icon: IconName;
  roles: readonly OperatorRole[];
  load: () => Promise<{ default: ComponentType }>;
}

export type SectionId =
  | 'dashboard'
  | 'members'
  | 'chat'
  | 'harm'
  | 'withdrawals'
  | 'deposits'
  | 'transfers'
  | 'adjustments'
  | 'approvals'
  | 'promotions'
  | 'settings'
  | 'reports'
  | 'audit'
  | 'operators';

const ALL = ['admin', 'cashier', 'support', 'marketing'] as const;

export const sections: readonly Section[] = [
  {
    id: 'dashboard',
    icon: 'dashboard',
    roles: ALL,
    load: () => import('@/features/dashboard/page'),
  },
  {
    id: 'members',
    icon: 'members',
    roles: ['admin', 'cashier', 'support'],
    load: () => import('@/features/members/page'),
  },
  {
    // The support chat's agent inbox (issue 14, decision 0097).
    id: 'chat',
    icon: 'chat',
    roles: ['admin', 'support'],
    load: () => import('@/features/chat/page'),
  },
  {
    // Markers of harm (issue 28, decision 0146): support reaches out to flagged members.
    id: 'harm',
    icon: 'harm',
    roles: ['admin', 'support'],
    load: () => import('@/features/harm/page'),
  },
  {
    id: 'withdrawals',
    icon: 'withdrawals',
    roles: ['admin', 'cashier'],
    load: () => import('@/features/withdrawals/page'),
  },
  {
    id: 'deposits',
    icon: 'deposits',
    roles: ['admin', 'cashier'],
    load: () => import('@/features/deposits/page'),
  },
  {
    id: 'transfers',
    icon: 'transfers',
    roles: ['admin', 'cashier'],
    load: () => import('@/features/transfers/page'),
  },
  {
    // Four-eyes adjustments (decision 0089): the form and the queue of requests.
    id: 'adjustments',
    icon: 'adjustments',
    roles: ['admin', 'cashier'],
    load: () => import('@/features/adjustments/page'),
  },
  {
    // Four-eyes requests (decisions 0116, 0117): payout-account changes, control changes.
    id: 'approvals',
    icon: 'approvals',
    roles: ['admin', 'cashier'],
    load: () => import('@/features/approvals/page'),
  },
  {
    id: 'promotions',
    icon: 'promotions',
    roles: ['admin', 'marketing'],
    load: () => import('@/features/promotions/page'),
  },
  {
    // Marketing sees the content settings only; the page shows each role its part.
    id: 'settings',
    icon: 'settings',
    roles: ['admin', 'marketing'],
    load: () => import('@/features/settings/page'),
  },
  {
    id: 'reports',
    icon: 'reports',
    roles: ['admin', 'cashier', 'marketing'],
    load: () => import('@/features/reports/page'),
  },
  { id: 'audit', icon: 'audit', roles: ['admin'], load: () => import('@/features/audit/page') },
  {
    id: 'operators',
    icon: 'operators',
    roles: ['admin'],
    load: () => import('@/features/operators/page'),
  },
];

export function mayOpen(section: Section, role: OperatorRole): boolean {
  return section.roles.includes(role);
}

export function sectionsFor(role: OperatorRole): Section[] {
  return sections.filter((section) => mayOpen(section, role));
}

/** Where a role lands after signing in: its first section (everyone has the dashboard). */
export function homePath(role: OperatorRole): string {
  return `/${sectionsFor(role)[0]?.id ?? 'dashboard'}`;
}
