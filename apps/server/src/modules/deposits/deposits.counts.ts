// The money-outcome figures of /metrics (decision 0105). Read-only.
import type { Db } from '../../db/database';
import { countRowsByStatus } from '../../db/count-by-status';
import type { StatusCount } from '../../db/count-by-status';

/** QR deposits by status, all time. */
export const countQrDepositsByStatus = (db: Db): Promise<StatusCount[]> =>
  countRowsByStatus(db, 'qr_deposits');

/** Gift-link redemptions by status, all time. */
export const countGiftLinksByStatus = (db: Db): Promise<StatusCount[]> =>
  countRowsByStatus(db, 'gift_redemptions');
