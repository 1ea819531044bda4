// The whole Lao catalogue (both parts), for tests and the e2e journeys. The app itself
// loads la-core.ts and la-extra.ts separately (decision 0020).
import type { Catalog } from '@/i18n/types';
import { laCore } from './la-core';
import { laExtra } from './la-extra';

export const la: Catalog = { ...laCore, ...laExtra };
