// Operator settings storage, shared by lookup, site, account and operator.
export { getSetting, setSetting, seedSetting } from './settings.service';
export type { BannerSetting, Localized, SettingKey, SettingValue } from './settings.schemas';
export { settingSchemas } from './settings.schemas';
export { settingsOperatorRoutes } from './settings.operator.routes';
export { homePromotions } from './settings.home';
