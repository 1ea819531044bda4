// The whole Thai catalogue (all three parts), for tests and the e2e journeys. The app itself
// loads th-core.ts, th-extra.ts and th-promo.ts separately (decisions 0020, 0084).
import type { Catalog } from '@/i18n/types';
import { thCore } from './th-core';
import { thExtra } from './th-extra';
import { thPromo } from './th-promo';
import { thChat } from './th-chat';

export const th: Catalog = { ...thCore, ...thExtra, ...thPromo, ...thChat };
