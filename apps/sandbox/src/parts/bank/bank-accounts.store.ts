// The members' accounts this bank has seen, for the transfer form to offer (decision 0127).
// The sandbox is another party than the wallet and never reads its database: it learns an
// account as a bank would, from money it moved: a payout the wallet sent to the account, or
// a transfer sent from it. Newest use first, bounded; kept in the state file (0126).

export interface BankAccountRef {
  bankCode: string;
  accountNo: string;
  /** The holder's name as last seen (a payout's accountName, a transfer's sender name). */
  name: string;
}

export interface KnownAccount extends BankAccountRef {
  /** How the bank last saw it. */
  seenBy: 'payout' | 'transfer';
  lastSeenAt: string;
}

export interface AccountBookSnapshot {
  /** Least recently seen first. */
  accounts: KnownAccount[];
}

export const DEFAULT_ACCOUNT_BOOK_CAPACITY = 1000;

/** The demo member the server seeds (decision 0003): offered before any money moved. */
export const DEMO_MEMBER_ACCOUNT: BankAccountRef = {
  bankCode: 'KBANK',
  accountNo: '1234567890',
  name: 'SOMCHAI JAIDEE',
};

export const accountKey = (account: { bankCode: string; accountNo: string }) =>
  `${account.bankCode}:${account.accountNo}`;

export class AccountBook {
  /** Keyed `${bankCode}:${accountNo}`, least recently seen first. */
  private readonly accounts = new Map<string, KnownAccount>();
  private changes = 0;

  constructor(
    private readonly now: () => Date,
    readonly capacity = DEFAULT_ACCOUNT_BOOK_CAPACITY,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new Error(`account book capacity must be a positive integer, got ${capacity}`);
    }
  }

  /** Remembers the account as just seen (its name updated); the oldest goes past capacity. */
  note(account: BankAccountRef, seenBy: KnownAccount['seenBy']): void {
    const key = accountKey(account);
    this.accounts.delete(key); // re-inserted: the map stays in recency order
    this.accounts.set(key, {
      bankCode: account.bankCode,
      accountNo: account.accountNo,
      name: account.name,
      seenBy,
      lastSeenAt: this.now().toISOString(),
    });
    if (this.accounts.size > this.capacity) {
      this.accounts.delete(this.accounts.keys().next().value!);
    }
    this.changes += 1;
  }

  get(bankCode: string, accountNo: string): KnownAccount | undefined {
    return this.accounts.get(accountKey({ bankCode, accountNo }));
  }

  /** Most recently seen first. */
  list(limit: number): KnownAccount[] {
    return [...this.accounts.values()].slice(-limit).reverse();
  }

  get size(): number {
    return this.accounts.size;
  }

  get revision(): number {
    return this.changes;
  }

  snapshot(): AccountBookSnapshot {
    return structuredClone({ accounts: [...this.accounts.values()] });
  }

  restore(snapshot: AccountBookSnapshot): void {
    for (const account of structuredClone(snapshot.accounts).slice(-this.capacity)) {
      this.accounts.set(accountKey(account), account);
    }
  }
}
