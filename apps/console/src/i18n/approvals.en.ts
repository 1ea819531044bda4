import type { approvalsTh } from './approvals.th';
import type { Widen } from './types';

export const approvalsEn: Widen<typeof approvalsTh> = {
  title: 'Approvals',
  intro:
    'What one operator asked for and a second must approve before it takes effect. Nobody decides their own request. (Adjustment requests are under Adjustments.)',
  tabs: {
    label: 'Kind of request',
    bank: 'Payout account changes',
    controls: 'Control changes',
  },
  filter: 'Status',
  all: 'All',
  empty: 'No requests',
  loadFailed: 'The requests could not be loaded',
  own: 'Your own request: someone else must decide it',
  decidedBy: 'by {name}',
  status: {
    pending: 'Waiting',
    approved: 'Approved',
    rejected: 'Rejected',
  },
  columns: {
    requested: 'Requested',
    requester: 'Requested by',
    member: 'Member',
    reason: 'Reason',
    status: 'Status',
    kind: 'Kind',
    change: 'Change',
    actions: 'Actions',
    approve: 'Approve',
    reject: 'Reject',
  },
  bank: {
    title: "Changes of members' payout accounts",
    caption: 'Payout account changes, waiting ones first',
    from: 'Current account',
    to: 'New account',
    approveText:
      "Member {member} ({name}) will be paid to {to} from now on, as {requester} asked. Have you checked the member's identity?",
    rejectText: "Member {member}'s account stays as it is.",
  },
  controls: {
    title: 'Control changes (another admin approves)',
    caption: 'Control changes, waiting ones first',
    approveText: '{change}, as {requester} asked, takes effect at once.',
    rejectText: '{change} will not happen.',
    kinds: {
      threshold: 'Raise the four-eyes threshold',
      operator_access: "An operator's access",
      totp_reset: 'Authenticator reset',
    },
    threshold: 'Four-eyes threshold from {from} to {to} baht',
    totpReset: 'Reset the authenticator of {name}',
    access: '{name}: {change}',
    role: 'role {role}',
    status: { active: 'active', inactive: 'deactivated' },
  },
  approve: {
    title: 'Approve request #{id}?',
    confirm: 'Approve',
    done: 'Request #{id} approved',
  },
  reject: {
    title: 'Reject request #{id}?',
    reason: 'Why it is rejected',
    confirm: 'Reject request',
    done: 'Request #{id} rejected',
  },
  errors: {
    decided: 'This request was already decided (perhaps by another operator a moment ago)',
    notYours: {
      bank: 'You cannot decide this request: it is your own',
      controls: 'You cannot decide this request: it is your own, or it would leave no active admin',
    },
  },
};
