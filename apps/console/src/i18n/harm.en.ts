import type { harmTh } from './harm.th';
import type { Widen } from './types';

export const harmEn: Widen<typeof harmTh> = {
  description:
    'Members whose last 30 days match a marker of harm: reach out, keep notes, and mark them contacted',
  summary: '{flagged} flagged · {needsContact} not contacted',
  caption: 'Members matching a marker of harm, not contacted first',
  empty: 'No member matches a marker',
  col: {
    member: 'Member',
    markers: 'Markers',
    firstSeen: 'First seen',
    lastSeen: 'Last seen',
    contacted: 'Contact',
    notes: 'Notes',
    actions: 'Actions',
  },
  marker: {
    depositAfterLoss: 'Deposited soon after a loss {figure} times (threshold {threshold})',
    depositsPerDay: '{figure} deposits in one day (threshold {threshold})',
    cancelledWithdrawals: '{figure} withdrawals rejected or failed (threshold {threshold})',
    longSession: 'A {figure}-hour session (over {threshold})',
    lateNight: 'Played between 00:00 and 06:00 on {figure} nights (threshold {threshold})',
    limitRaises: '{figure} limit raise requests (threshold {threshold})',
  },
  needsContact: 'To contact',
  contactedState: 'Contacted',
  addNote: 'Add note',
  addNoteFor: 'Add a note on {memberNo}',
  markContacted: 'Mark contacted',
  markContactedFor: 'Mark {memberNo} contacted',
  noteTitle: 'Note on {memberNo}',
  noteLabel: 'Note',
  noteHint: 'Kept in the audit log; notes cannot be edited or removed',
  noteRequired: 'Type a note',
  contactTitle: 'Contacted {memberNo}?',
  contactText:
    'Records your name and the time now. The member comes back to the queue if a marker fires again.',
  settingsTitle: 'Marker thresholds',
  setting: {
    depositAfterLossMinutes:
      'Deposit within (minutes) after money went into a game and did not come back',
    depositAfterLossCount: 'Deposits soon after a loss (30 days)',
    depositsPerDay: 'Deposits on one day',
    cancelledWithdrawals: 'Rejected or failed withdrawals (30 days)',
    longSessionHours: 'Session longer than (hours)',
    lateNightNights: 'Nights with play between 00:00 and 06:00 (30 days)',
    limitRaises: 'Limit raise requests (30 days)',
  },
  save: 'Save thresholds',
  adminOnly: 'Only an admin changes the thresholds',
  done: { contacted: 'Marked contacted', noteAdded: 'Note added', saved: 'Thresholds saved' },
  dashboardLabel: 'Members to contact (markers of harm)',
};
