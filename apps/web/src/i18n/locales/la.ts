// The whole Lao catalogue (all three parts), for tests and the e2e journeys. The app itself
// loads la-core.ts, la-extra.ts and la-promo.ts separately (decisions 0020, 0084).
import type { Catalog } from '@/i18n/types';
import { laCore } from './la-core';
import { laExtra } from './la-extra';
import { laPromo } from './la-promo';
import { laChat } from './la-chat';

export const la: Catalog = { ...laCore, ...laExtra, ...laPromo, ...laChat };
