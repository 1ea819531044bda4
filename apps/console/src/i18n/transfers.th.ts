// Texts of the transfers section (Thai, the source). Only this section's engineer edits this file
// and transfers.en.ts; the catalogue merges it as `transfers.*`.
export const transfersTh = {
  description: 'รายการโอนเข้าออกผู้ให้บริการเกมที่รอยืนยัน',
};
