// Operator settings storage, shared by lookup, site, account and operator.
import type { ModuleFace } from '../../module-face';
import { settingsOperatorRoutes } from './settings.operator.routes';
export { getSetting, setSetting, seedSetting } from './settings.service';
export type { BannerSetting, Localized, SettingKey, SettingValue } from './settings.schemas';
export { settingSchemas } from './settings.schemas';
export { homePromotions } from './settings.home';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'settings',
  routes: [settingsOperatorRoutes],
};
