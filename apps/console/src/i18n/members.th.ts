// Texts of the members section (Thai, the source). Only this section's engineer edits this file
// and members.en.ts; the catalogue merges it as `members.*`.
export const membersTh = {
  description: 'ค้นหาสมาชิกด้วยเบอร์โทร ชื่อ เลขสมาชิก หรือเลขบัญชี และดูข้อมูลของสมาชิก',
};
