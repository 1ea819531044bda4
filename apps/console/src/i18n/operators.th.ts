// Texts of the operators section (Thai, the source). Only this section's engineer edits this file
// and operators.en.ts; the catalogue merges it as `operators.*`.
export const operatorsTh = {
  description: 'บัญชีผู้ดูแลและบทบาท',
};
