// Account-to-account transfers: what a member does in a banking app before uploading the
// slip. Each transfer gets a bank transaction reference (transRef) and the 3-digit code of
// the sending bank; together they are what the slip's mini-QR carries and what a
// slip-verification API looks up. Synchronous, bounded. Amounts are integer satang.
// Decision: docs/decisions/0023-sandbox-slips-and-gift-vouchers.md.

import { randomAlnum } from '../../lib/ids.js';

/** Thai interbank codes of the banks the wallet knows; any other bank is 999. */
export const thaiBankCodes: Record<string, string> = {
  BBL: '002',
  KBANK: '004',
  KTB: '006',
  TMB: '011',
  TTB: '011',
  SCB: '014',
  BAY: '025',
  GSB: '030',
  KKP: '069',
};

export function sendingBankCode(bankCode: string): string {
  return thaiBankCodes[bankCode] ?? '999';
}

/**
 * An account number as Thai slips print it: everything hidden but the four digits before the
 * last one, `xxx-x-x4567-x` for ten digits (other lengths keep the same rule).
 */
export function maskAccountNo(accountNo: string): string {
  const n = accountNo.length;
  const masked = [...accountNo].map((d, i) => (i >= n - 5 && i < n - 1 ? d : 'x')).join('');
  if (n >= 10) {
    return `${masked.slice(0, 3)}-${masked.slice(3, 4)}-${masked.slice(4, n - 1)}-${masked.slice(n - 1)}`;
  }
  return `${masked.slice(0, n - 1)}-${masked.slice(n - 1)}`;
}

export interface Party {
  bankCode: string;
  accountNo: string;
  name: string;
}

export interface TransferRequest {
  from: Party;
  to: { bankCode: string; accountNo: string; name?: string | undefined };
  amount: number;
  /** ISO; defaults to now (tests back-date transfers with it). */
  at?: string | undefined;
}

export interface Transfer {
  transRef: string;
  sendingBank: string;
  amount: number;
  transferredAt: string;
  sender: Party;
  receiver: Party;
  createdAt: string;
}

export interface TransferCapacity {
  transfers: number;
  /** A transfer stays verifiable at least this long after it was made. */
  retentionMs: number;
}

export const DEFAULT_TRANSFER_CAPACITY: TransferCapacity = {
  transfers: 100_000,
  retentionMs: 24 * 60 * 60_000,
};

export type TransferResult = { type: 'made'; transfer: Transfer } | { type: 'capacity' };

export interface TransfersSnapshot {
  transfers: Transfer[];
}

/** `YYMMDDhhmmss` in Bangkok time, like the date part of real KBANK/SCB references. */
function stamp(date: Date): string {
  const bangkok = new Date(date.getTime() + 7 * 3600_000).toISOString();
  return bangkok.slice(2, 19).replace(/[-T:]/g, '');
}

export class TransferStore {
  /** By transRef, oldest first. */
  private readonly transfers = new Map<string, Transfer>();
  private changes = 0;

  constructor(
    private readonly now: () => Date,
    readonly capacity: TransferCapacity = DEFAULT_TRANSFER_CAPACITY,
    /** Told of every transfer made (the bank's account book learns the sender). */
    private readonly onMade: (transfer: Transfer) => void = () => undefined,
  ) {}

  make(request: TransferRequest): TransferResult {
    if (!this.makeRoom()) return { type: 'capacity' };
    const created = this.now();
    const transferredAt = request.at === undefined ? created : new Date(request.at);
    const sendingBank = sendingBankCode(request.from.bankCode);
    // 3-digit bank + 12-digit time + 8 random = 23 characters, like a real transRef.
    let transRef = '';
    do {
      transRef = `${sendingBank}${stamp(transferredAt)}${randomAlnum(8, 'upper')}`;
    } while (this.transfers.has(transRef));
    const transfer: Transfer = {
      transRef,
      sendingBank,
      amount: request.amount,
      transferredAt: transferredAt.toISOString(),
      sender: { ...request.from },
      receiver: {
        bankCode: request.to.bankCode,
        accountNo: request.to.accountNo,
        name: request.to.name ?? '',
      },
      createdAt: created.toISOString(),
    };
    this.transfers.set(transRef, transfer);
    this.changes += 1;
    this.onMade(transfer);
    return { type: 'made', transfer };
  }

  get(transRef: string): Transfer | undefined {
    return this.transfers.get(transRef);
  }

  /** The slip-verify lookup: both halves of the mini-QR must match. */
  verify(sendingBank: string, transRef: string): Transfer | undefined {
    const transfer = this.transfers.get(transRef);
    return transfer && transfer.sendingBank === sendingBank ? transfer : undefined;
  }

  /** Newest first. */
  list(limit: number): Transfer[] {
    return [...this.transfers.values()].slice(-limit).reverse();
  }

  get size(): number {
    return this.transfers.size;
  }

  private makeRoom(): boolean {
    if (this.transfers.size < this.capacity.transfers) return true;
    const oldest = this.transfers.values().next().value!;
    if (this.now().getTime() - Date.parse(oldest.createdAt) < this.capacity.retentionMs) {
      return false;
    }
    this.transfers.delete(oldest.transRef);
    return true;
  }

  /** Grows with every change a snapshot would show (decision 0126). */
  get revision(): number {
    return this.changes;
  }

  snapshot(): TransfersSnapshot {
    return structuredClone({ transfers: [...this.transfers.values()] });
  }

  restore(snapshot: TransfersSnapshot): void {
    for (const transfer of structuredClone(snapshot.transfers)) {
      this.transfers.set(transfer.transRef, transfer);
    }
  }
}
