// Texts of the dashboard section (Thai, the source). Only this section's engineer edits this file
// and dashboard.en.ts; the catalogue merges it as `dashboard.*`.
export const dashboardTh = {
  description: 'ยอดฝาก ถอน และสมาชิกใหม่ของวันนี้และสัปดาห์นี้ พร้อมรายการที่รอดำเนินการ',
};
