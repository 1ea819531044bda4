// Texts of the transfers section (Thai, the source). Only this section's engineer edits this file
// and transfers.en.ts; the catalogue merges it as `transfers.*`.
export const transfersTh = {
  description: 'รายการโอนกับค่ายเกมที่รอการยืนยัน',
  title: 'รายการโอนกับค่ายเกม',
  intro:
    'รายการที่ค่ายเกมยังไม่ตอบผลชัดเจน ระบบจะถามค่ายเกมด้วยเลขอ้างอิงเดิมจนได้คำตอบ และไม่คืนเงินจนกว่าค่ายเกมจะยืนยัน',
  tabsLabel: 'สถานะรายการโอน',
  tabs: { open: 'รอการยืนยัน', settled: 'ยืนยันแล้วล่าสุด' },
  caption: 'รายการโอนกับค่ายเกม: {tab}',
  filters: {
    member: 'สมาชิก',
    memberHint: 'เลขสมาชิก หรือเบอร์โทรศัพท์ (ตรงทั้งหมด)',
    provider: 'ค่ายเกม (รหัส)',
    refresh: 'รีเฟรช',
  },
  columns: {
    created: 'เวลาที่โอน',
    member: 'สมาชิก',
    provider: 'ค่ายเกม',
    direction: 'ทิศทาง',
    amount: 'จำนวนเงิน (บาท)',
    status: 'สถานะ',
    reconciler: 'สถานะการตรวจสอบ',
    settled: 'ยืนยันเมื่อ',
    actions: 'การดำเนินการ',
  },
  direction: { in: 'กระเป๋า → เกม', out: 'เกม → กระเป๋า' },
  status: { PENDING: 'รอยืนยัน', POSTED: 'สำเร็จ', VOIDED: 'ยกเลิก (คืนเงินแล้ว)' },
  attempts: 'ถาม {count} ครั้ง',
  nextAttempt: 'ถามอีกครั้ง',
  lastError: 'ผลล่าสุด: {error}',
  askAgain: 'ถามค่ายเกมอีกครั้ง',
  rowLabel: 'รายการโอน {ref}',
  asked: 'ส่งให้ระบบถามค่ายเกมแล้ว จะได้ผลภายในไม่กี่วินาที',
  loadFailed: 'โหลดรายการโอนไม่สำเร็จ',
};
