// The server's modules, in order: the one list the composition level reads (decision 0136).
// app.ts adds their onRequest hooks and registers their routes in this order, jobs/
// reconcile-flows.ts starts their flows, observability/sources.ts reads their gauges' rows and
// the orphan-file sweep (jobs/housekeeping.ts) asks each which stored files its rows name.
// Composition level: no module imports this file (eslint.config.js, server-fence/module-index).
//
// The order is the routes' (docs first, then the member's sign-in and reads, then the rest);
// it also fixes the flows' order (game transfers, payouts, QR deposits, gift links, slips), the
// order of the deposits gauge's rows (QR, gift link, slip) and the hooks' (auth before site).
// A new module adds its face here; app.int.test.ts fails while a folder is missing.
import type { ModuleFace } from '../module-face';
import { face as account } from './account';
import { face as adjustments } from './adjustments';
import { face as audit } from './audit';
import { face as auth } from './auth';
import { face as backoffice } from './backoffice';
import { face as chat } from './chat';
import { face as deposits } from './deposits';
import { face as docs } from './docs';
import { face as games } from './games';
import { face as ledger } from './ledger';
import { face as lookup } from './lookup';
import { face as operator } from './operator';
import { face as otp } from './otp';
import { face as promotions } from './promotions';
import { face as protection } from './protection';
import { face as push } from './push';
import { face as settings } from './settings';
import { face as site } from './site';
import { face as slips } from './slips';
import { face as statement } from './statement';
import { face as wallet } from './wallet';
import { face as withdrawals } from './withdrawals';

export const modules: readonly ModuleFace[] = [
  docs,
  auth,
  lookup,
  account,
  otp,
  operator,
  audit,
  settings,
  statement,
  wallet,
  games,
  promotions,
  protection,
  push,
  adjustments,
  withdrawals,
  deposits,
  slips,
  chat,
  backoffice,
  site,
  ledger,
];
