// Texts of the withdrawals section (Thai, the source). Only this section's engineer edits this file
// and withdrawals.en.ts; the catalogue merges it as `withdrawals.*`.
export const withdrawalsTh = {
  description: 'คิวรายการถอนที่รออนุมัติ สถานะการจ่ายเงิน และการลองใหม่',
};
