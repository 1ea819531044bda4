// Texts of the deposits section (Thai, the source). Only this section's engineer edits this file
// and deposits.en.ts; the catalogue merges it as `deposits.*`.
export const depositsTh = {
  description: 'คิวอาร์ สลิปที่รอตรวจ และลิงก์ของขวัญ',
};
