// Texts of the settings section (Thai, the source). Only this section's engineer edits this file
// and settings.en.ts; the catalogue merges it as `settings.*`.
export const settingsTh = {
  description: 'ข้อความหน้าเว็บ บัญชีรับฝาก วงเงินถอน และการตั้งค่าระบบ',
};
