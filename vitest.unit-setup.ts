// Unit tier setup (vitest.config.ts): Testing Library's async queries (findBy*, waitFor) wait
// up to 5 s instead of 1 s. A lazy chunk or a screen behind a loader can take more than a
// second on the 2-core machines tests run on when other work shares them; a query that finds
// nothing still fails, only later. Only files with a DOM (jsdom) load Testing Library: the
// others would pay its import for nothing.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5_000 });
}
