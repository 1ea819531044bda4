// Audit-walker fixtures for the audited reads of member data (decision 0119): the member
// search, page and tabs, and the CSV exports. Each writes one audit row like a change.
import type { TestApp } from '../helpers';
import { newMember } from '../reliability/money-helpers';
import type { OperatorFixtures } from './fixture';

const today = () => new Date().toISOString().slice(0, 10);

/** A fresh member's page or one of its tabs. */
const memberPage = async (t: TestApp) => ({
  params: { memberNo: (await newMember(t)).memberNo },
});

export const fixtures: OperatorFixtures = {
  'GET /api/operator/members': async () => ({ query: { q: '08' } }),
  'GET /api/operator/members/:memberNo': memberPage,
  'GET /api/operator/members/:memberNo/ledger': memberPage,
  'GET /api/operator/members/:memberNo/statement': memberPage,
  'GET /api/operator/members/:memberNo/deposits': memberPage,
  'GET /api/operator/members/:memberNo/withdrawals': memberPage,
  'GET /api/operator/members/:memberNo/slips': memberPage,
  'GET /api/operator/members/:memberNo/bonuses': memberPage,
  'GET /api/operator/members/:memberNo/sessions': memberPage,
  'GET /api/operator/members/:memberNo/bank-changes': memberPage,
  'GET /api/operator/members/:memberNo/notes': memberPage,
  'GET /api/operator/reports/daily.csv': async () => ({ query: { from: today(), to: today() } }),
  'GET /api/operator/reports/ledger.csv': async () => ({ query: { from: today(), to: today() } }),
};
