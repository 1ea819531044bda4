// Where things live, resolved from this file so scripts work from any working directory.
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const WEB_DIR = path.join(ROOT, 'apps', 'web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');
/** The web build's render module of the member home and its page templates (decision 0159). */
export const WEB_SERVER_DIST = path.join(WEB_DIR, 'dist-server');
/** The operator console (issue 13, decision 0087), served under /console/. */
export const CONSOLE_DIR = path.join(ROOT, 'apps', 'console');
export const CONSOLE_DIST = path.join(CONSOLE_DIR, 'dist');
export const SERVER_MAIN = path.join(ROOT, 'apps', 'server', 'src', 'main.ts');
export const SANDBOX_MAIN = path.join(ROOT, 'apps', 'sandbox', 'src', 'main.ts');

/** Demo member seeded by the server (docs/decisions/0003). */
export const DEMO_MEMBER = { phone: '0812345678', password: 'demo1234' };
export const DEFAULT_SANDBOX_KEY = 'sandbox-dev-key';
/** Demo operators seeded by the server (decision 0086); codes: `npm run operator:codes`. */
export const DEMO_OPERATORS = {
  usernames: ['admin', 'cashier', 'support', 'marketing'],
  password: 'operator-demo-pass',
};
