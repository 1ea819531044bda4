// Texts of the promotions section (Thai, the source). Only this section's engineer edits this file
// and promotions.en.ts; the catalogue merges it as `promotions.*`.
export const promotionsTh = {
  description: 'โบนัส โค้ดโปรโมชั่น ชวนเพื่อน คืนยอดเสีย และวงล้อ',
};
