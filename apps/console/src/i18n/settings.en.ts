import type { settingsTh } from './settings.th';
import type { Widen } from './types';

export const settingsEn: Widen<typeof settingsTh> = {
  description: 'Site content, deposit accounts, withdraw limits and system settings',
};
