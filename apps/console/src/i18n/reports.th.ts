// Texts of the reports section (Thai, the source). Only this section's engineer edits this file
// and reports.en.ts; the catalogue merges it as `reports.*`.
export const reportsTh = {
  description: 'รายงานบัญชี ยอดฝากและถอนรายวัน และการส่งออก CSV',
};
