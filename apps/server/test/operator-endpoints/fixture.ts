// Fixtures for the operator-endpoint walkers (issue 13, decision 0086): the audit walker
// (operator-audit.int.test.ts) calls every changing (non-GET) operator endpoint once, as
// `admin`, with the request its fixture builds, and fails when an endpoint has no fixture, does
// not answer 2xx, or writes no audit row. Each area keeps its fixtures in its own
// `<area>.fixtures.ts` file in this folder (found by import.meta.glob), exporting
// `fixtures: OperatorFixtures`.
import type { TestApp } from '../helpers';

export interface OperatorCall {
  /** Path parameters, filled into the contract path. */
  params?: Record<string, string | number>;
  /** Query-string fields. */
  query?: Record<string, string | number>;
  body?: unknown;
  /** Extra request headers (a multipart upload's content type). */
  headers?: Record<string, string>;
  /** A different operator than `admin` when the call must come from one (four eyes). */
  token?: string;
}

/** `METHOD /contract/path` -> how to set up and make one successful call of it. */
export type OperatorFixtures = Record<string, (t: TestApp) => Promise<OperatorCall>>;
