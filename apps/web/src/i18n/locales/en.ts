// The whole English catalogue (both parts), for tests and the e2e journeys. The app itself
// loads en-core.ts and en-extra.ts separately (decision 0020).
import { enCore } from './en-core';
import { enExtra } from './en-extra';

export const en = { ...enCore, ...enExtra };
