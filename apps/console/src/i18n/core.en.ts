import type { coreTh } from './core.th';
import type { Widen } from './types';

export const coreEn: Widen<typeof coreTh> = {
  app: {
    name: 'Wallet Console',
    skipToContent: 'Skip to content',
    loading: 'Loading…',
    retry: 'Try again',
    close: 'Close',
    loadFailed: 'This page could not be loaded',
  },
  nav: {
    label: 'Main menu',
    menu: 'Menu',
    dashboard: 'Dashboard',
    members: 'Members',
    withdrawals: 'Withdrawals',
    deposits: 'Deposits',
    transfers: 'Provider transfers',
    adjustments: 'Adjustments',
    promotions: 'Promotions',
    settings: 'Settings',
    reports: 'Reports',
    audit: 'Audit log',
    chat: 'Support chat',
    operators: 'Operators',
  },
  roles: {
    admin: 'Admin',
    cashier: 'Cashier',
    support: 'Support',
    marketing: 'Marketing',
  },
  language: {
    label: 'Language',
    th: 'ไทย',
    en: 'English',
  },
  auth: {
    title: 'Operator sign-in',
    username: 'Username',
    password: 'Password',
    next: 'Next',
    working: 'Checking…',
    codeTitle: 'Verification code',
    codeIntro: 'Enter the 6-digit code from your authenticator app',
    codeLabel: '6-digit code',
    codeFormat: 'The code is 6 digits',
    verify: 'Sign in',
    back: 'Back to the password',
    enrolTitle: 'Set up your authenticator app',
    enrolIntro:
      'Scan this QR code with an authenticator app (for example Google Authenticator or Microsoft Authenticator), then enter the 6-digit code it shows',
    qrAlt: 'QR code to add this account to an authenticator app',
    secretLabel: 'Cannot scan? Type this secret key into the app instead',
    memoryNote:
      'Your sign-in is kept in this tab only: reloading or closing the page signs you out.',
    required: 'Enter the {field}',
    retryIn: 'try again in about {minutes} min',
    signedOut: {
      signedOut: 'You are signed out',
      everywhere: 'You are signed out on every device',
      idle: 'You were signed out after a period without activity',
      expired: 'Your session expired or was revoked; please sign in again',
    },
  },
  idle: {
    title: 'About to sign out',
    text: 'No activity for a while: you will be signed out in {seconds} seconds',
    stay: 'Stay signed in',
    signOutNow: 'Sign out now',
  },
  shell: {
    account: 'My account',
    signedInAs: 'Signed in as {name} ({role})',
    signOut: 'Sign out',
    signOutEverywhere: 'Sign out everywhere',
    signOutEverywhereConfirm:
      'End every session of this account, on other devices too, and sign out?',
  },
  notAllowed: {
    title: 'Not allowed',
    text: 'The {role} role may not use "{section}". Ask an admin if you need it.',
    back: 'Go to the start page',
  },
  notFound: {
    title: 'Page not found',
    text: 'The console has no page at this address',
  },
  table: {
    empty: 'Nothing to show',
    loading: 'Loading rows…',
    sortAscending: 'sorted ascending',
    sortDescending: 'sorted descending',
    sortBy: 'Sort by {column}',
  },
  pager: {
    label: 'Pages',
    pageOf: 'Page {page} of {pages}',
    total: '{total} rows',
    previous: 'Previous',
    next: 'Next',
  },
  search: {
    label: 'Search',
    clear: 'Clear the search',
  },
  dialog: {
    confirm: 'Confirm',
    cancel: 'Cancel',
    reason: 'Reason',
    reasonRequired: 'Enter a reason',
  },
  toast: {
    close: 'Dismiss',
    region: 'Notifications',
  },
  chart: {
    summary: '{title}: {count} points from {from} to {to}; {series}',
    seriesSummary: '{name} total {total}, highest {max}',
    tableCaption: 'Data of the chart {title}',
    label: 'Item',
  },
  money: {
    baht: 'baht',
  },
};
