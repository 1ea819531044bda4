// Texts of the audit section (Thai, the source). Only this section's engineer edits this file
// and audit.en.ts; the catalogue merges it as `audit.*`.
export const auditTh = {
  description: 'ค้นหาบันทึกการใช้งานของผู้ดูแลทุกคน',
};
