// The ledger module's public face. Only this module writes balances and postings.
import type { ModuleFace } from '../../module-face';
export { accounts } from './ledger.accounts';
export type { AccountKind, AccountSpec, HoldPurpose } from './ledger.accounts';
export { ledgerCheck } from './ledger.check';
export type { LedgerCheckReport } from './ledger.check';
export { DuplicatePostingError, InsufficientFundsError, LedgerMisuseError } from './ledger.errors';
export { accountIdsOf, balanceOf, balancesOf, post, reverse } from './ledger.service';
export { configureLedger, DEFAULT_LEDGER_SHARDS } from './ledger.shards';
export type { EntryInput, PostedTransaction, PostInput } from './ledger.service';
export {
  countTransactions,
  movementsByHour,
  movementsByKind,
  storedBalancesByKind,
} from './ledger.reports';
export type { HourlyMovement, KindMovement } from './ledger.reports';
export { memberAccounts, memberEntries } from './ledger.member';
export type { MemberAccount, MemberLedgerRow } from './ledger.member';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'ledger',
};
