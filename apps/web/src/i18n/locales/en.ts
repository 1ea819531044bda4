// The whole English catalogue (all three parts), for tests and the e2e journeys. The app itself
// loads en-core.ts, en-extra.ts and en-promo.ts separately (decisions 0020, 0084).
import { enCore } from './en-core';
import { enExtra } from './en-extra';
import { enPromo } from './en-promo';
import { enChat } from './en-chat';

export const en = { ...enCore, ...enExtra, ...enPromo, ...enChat };
