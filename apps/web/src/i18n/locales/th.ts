// The whole Thai catalogue (both parts), for tests and the e2e journeys. The app itself
// loads th-core.ts and th-extra.ts separately (decision 0020).
import type { Catalog } from '@/i18n/types';
import { thCore } from './th-core';
import { thExtra } from './th-extra';

export const th: Catalog = { ...thCore, ...thExtra };
