import type { operatorsTh } from './operators.th';
import type { Widen } from './types';

export const operatorsEn: Widen<typeof operatorsTh> = {
  description: 'Operator accounts and their roles',
  title: 'Operators',
  intro:
    'Create accounts, change roles, deactivate, and reset an operator’s password or authenticator. Every change is written to the audit log.',
  create: 'Add operator',
  caption: 'Operator accounts',
  you: '(you)',
  columns: {
    username: 'Operator',
    role: 'Role',
    status: 'Status',
    totp: 'Authenticator',
    lastSignIn: 'Last sign-in',
    actions: 'Actions',
  },
  status: { active: 'Active', inactive: 'Deactivated' },
  totp: { yes: 'Enrolled', no: 'Not yet' },
  never: 'Never',
  actions: {
    edit: 'Edit',
    deactivate: 'Deactivate',
    reactivate: 'Reactivate',
    resetPassword: 'Reset password',
    resetTotp: 'Reset authenticator',
    signOut: 'Sign out everywhere',
    self: 'You cannot deactivate yourself or change your own role',
    label: 'Actions for {name}',
  },
  form: {
    createTitle: 'Add operator',
    editTitle: 'Edit {name}',
    username: 'Username',
    usernameHint: 'Lower-case a-z, digits, dot, dash; 3-32 characters',
    displayName: 'Display name',
    role: 'Role',
    roleSelf: 'You cannot change your own role',
    save: 'Save',
    cancel: 'Cancel',
    working: 'Saving…',
    required: 'Enter the {field}',
    usernameInvalid: 'Use lower-case a-z, digits, dot or dash; 3-32 characters',
    usernameTaken: 'This username is taken',
  },
  confirm: {
    deactivate: 'Deactivate {name}? Every session of this operator ends.',
    reactivate: 'Reactivate {name}?',
    resetPassword:
      'Make a new temporary password for {name}? The old one stops working and every session ends.',
    resetTotp:
      'Reset the authenticator of {name}? They scan a new QR code at their next sign-in, and every session ends.',
    signOut: 'Sign {name} out on every device?',
  },
  done: {
    created: '{name} added',
    saved: '{name} saved',
    deactivate: '{name} deactivated ({count} sessions ended)',
    reactivate: '{name} reactivated',
    resetTotp: 'Authenticator of {name} reset',
    signOut: '{name} signed out ({count} sessions)',
    createdPending:
      '{name} added, but deactivated until another admin approves request #{id} under Approvals',
    pending: 'The change to {name} waits for another admin (request #{id})',
  },
  passwordChangeRequired: 'Chooses a new password at the next sign-in',
  password: {
    title: 'Temporary password for {name}',
    text: 'Shown this once only. Give it to the operator over a safe channel. It opens one sign-in, at which they choose their own password (and set up an authenticator app if they have none).',
    label: 'Temporary password',
    copy: 'Copy',
    copied: 'Copied',
    copyFailed: 'Could not copy: select the text and copy it yourself',
    done: 'Done',
  },
  errors: {
    self: 'You cannot do this to your own account',
  },
  loadFailed: 'The operators could not be loaded',
};
