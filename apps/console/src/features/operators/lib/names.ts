import type { Account } from '../api';

/** How an account is named in messages: its display name with the username when they differ. */
export const nameOf = (a: Pick<Account, 'displayName' | 'username'>) =>
  a.displayName === a.username ? a.username : `${a.displayName} (${a.username})`;

/** A username the server accepts. */
export const USERNAME = /^[a-z0-9._-]{3,32}$/;
