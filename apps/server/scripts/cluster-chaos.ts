// T4 with WORKERS=2 (issue 15, decision 0102): `npm run t4:cluster`. The T4 kill -9 run
// (t4-kill9.ts) against a server of two worker processes on PostgreSQL (DATABASE_URL, or
// TEST_DATABASE_URL as with-postgres.sh sets it): instead of the whole server, one of the
// two workers at random gets SIGKILL, 20 times, each 0.5-1 s after both serve (the other
// one serves meanwhile); the primary forks the replacements, and both must be back at the
// end. A run takes about 20 worker starts (5-15 s each on a busy 2-core machine). After the reconcilers settle, T4's checks: every acknowledged
// operation present exactly once, no refused one moved money, wallets and game balances equal
// the model, the ledger check clean; and both workers running at the end.
//   DATABASE_URL=postgres://... npx tsx apps/server/scripts/cluster-chaos.ts [t4 flags]
// Defaults (modest, so CI can run it in a few minutes) unless given: --workers 2 --kills 20
// --min-gap-ms 500 --max-gap-ms 1000 --clients 12 --members 24.
const defaults: [string, string][] = [
  ['workers', '2'],
  ['kills', '20'],
  ['min-gap-ms', '500'],
  ['max-gap-ms', '1000'],
  ['clients', '12'],
  ['members', '24'],
];
const given = process.argv.slice(2).join(' ');
for (const [name, value] of defaults)
  if (!new RegExp(`--${name}(=|\\s|$)`).test(given)) process.argv.push(`--${name}`, value);
if (!process.env.DATABASE_URL && !given.includes('--postgres')) process.argv.push('--postgres');

await import('./t4-kill9');

export {};
