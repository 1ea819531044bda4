// Thai strings of the invite, refund and confirm-before-moving dialogs and the promotion
// banner carousel (issue 12). Same keys as en-invite.ts; spread into th-extra.ts.
import type { PromoCatalog } from '@/i18n/types';

export const thInvite: Pick<PromoCatalog, 'promoCarousel' | 'invite' | 'refund' | 'moveBonus'> = {
  promoCarousel: {
    label: 'โปรโมชั่น',
    previous: 'แบนเนอร์ก่อนหน้า',
    next: 'แบนเนอร์ถัดไป',
    slide: 'แบนเนอร์ที่ {n} จาก {total}',
    goTo: 'แสดงแบนเนอร์ที่ {n}',
  },
  invite: {
    title: 'ชวนเพื่อน',
    linkLabel: 'ลิงก์ชวนเพื่อนของคุณ',
    linkHint: 'เพื่อนที่สมัครผ่านลิงก์นี้จะเป็นผู้ถูกชวนของคุณ ทุกครั้งที่เพื่อนฝากเงิน คุณจะได้รับโบนัสชวนเพื่อน',
    copy: 'คัดลอก',
    copyLabel: 'คัดลอกลิงก์ชวนเพื่อนของคุณ',
    copied: 'คัดลอกแล้ว: {text}',
    copyFailed: 'คัดลอกไม่สำเร็จ',
    tableTitle: 'รายได้จากการชวนเพื่อน',
    from: 'เพื่อน',
    amount: 'จำนวนเงิน',
    createdAt: 'วันที่',
    empty: 'ยังไม่มีรายได้จากการชวนเพื่อน',
    pages: 'หน้ารายได้จากการชวนเพื่อน',
  },
  refund: {
    title: 'คืนยอดเสีย',
    amount: 'ยอดคืนที่รอรับ',
    success: 'สำเร็จ',
    fail: 'ไม่สำเร็จ',
    receive: 'รับยอดคืน',
    move: 'ย้ายเข้ากระเป๋า',
    bonusLine1: 'คุณมีโบนัสหรือเงื่อนไขโปรโมชั่นที่ยังไม่สิ้นสุด (รับได้ครั้งละหนึ่งรายการ) จึงยังรับยอดคืนไม่ได้',
    bonusLine2: 'กรุณาทำเทิร์นให้ครบหรือยกเลิกก่อน แล้วกลับมารับยอดคืน',
    nothing: 'ยังไม่มียอดคืนให้รับ: ยอดคืนคิดจากยอดเสียสุทธิของรอบที่แล้ว',
    nothingMore: 'รับยอดคืนแล้ว: ย้ายเข้ากระเป๋าเงินได้ที่ปุ่มด้านล่าง',
    logTitle: 'ประวัติการรับยอดคืน',
    refundAmount: 'ยอดคืน',
    createdAt: 'วันที่',
    empty: 'ยังไม่มีประวัติการรับยอดคืน',
    pages: 'หน้าประวัติการรับยอดคืน',
  },
  moveBonus: {
    inviteTitle: 'รับโบนัสชวนเพื่อน',
    refundTitle: 'ย้ายยอดคืนเข้ากระเป๋า',
    amount: 'จำนวนเงิน',
    success: 'สำเร็จ',
    fail: 'ไม่สำเร็จ',
    successText: 'สำเร็จ: เล่นเกมให้ได้ยอด {success}% ของจำนวนนี้ แล้วถอนได้ตามปกติ',
    failText: 'ไม่สำเร็จ: เมื่อยอดเงินของคุณต่ำกว่า {fail}% ของจำนวนนี้ สามารถยุติเงื่อนไขได้',
    failNever: 'ไม่สำเร็จ: เงื่อนไขนี้ยุติก่อนไม่ได้ (เกณฑ์ 0%)',
    warning:
      'เงินนี้มีเงื่อนไขการทำเทิร์น จนกว่าจะทำเทิร์นครบ จำนวนนี้และยอดที่ได้จากเงินนี้จะถูกล็อกไว้ คุณยังถอนเงินของคุณเองได้ และเงื่อนไขจะยังคงอยู่',
    confirm: 'ย้ายเข้ากระเป๋า',
  },
};
