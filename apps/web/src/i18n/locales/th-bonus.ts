// Thai strings of the bonus page, its dialogs, the turnover progress and the withdraw
// dialog's bonus warning (issue 12). Same keys as en-bonus.ts; spread into th-extra.ts.
import { bonusActionsTh, bonusTermsTh } from '@wallet/client/bonus-terms/th';
import type { PromoCatalog } from '@/i18n/types';

export const thBonus: Pick<PromoCatalog, 'bonus'> = {
  bonus: {
    title: 'โบนัส',
    activeHeading: 'ที่ใช้งานอยู่ตอนนี้',
    kinds: {
      bonus: 'โบนัส',
      promotion: 'โปรโมชั่น',
      invite: 'โบนัสแนะนำเพื่อน',
      refund: 'เงินคืน',
      coupon: 'รางวัลวงล้อ',
    },
    typeLabel: 'ประเภท',
    nameLabel: 'ชื่อ',
    cancel: 'ยกเลิกโบนัส',
    cancelTitle: 'ยกเลิกโบนัสนี้หรือไม่?',
    cancelText: 'ยอดเงินในเกมจะถูกย้ายกลับเข้ากระเป๋า และเงื่อนไขจะสิ้นสุด ไม่สามารถย้อนกลับได้',
    cancelForfeit: 'เงินโปรโมชั่นที่จะถูกตัดทิ้ง: {amount} บาท',
    cancelKeep: 'เงินของคุณเองยังเป็นของคุณ: {amount} บาท',
    cancelYes: 'ใช่ ยกเลิกโบนัส',
    cancelNo: 'เก็บโบนัสไว้',
    cancelFailed: 'ยกเลิกโบนัสไม่สำเร็จ',
    codeLabel: 'รหัสโปรโมชั่น',
    codePlaceholder: 'เช่น WELCOME',
    search: 'ค้นหา',
    codeRequired: 'กรุณากรอกรหัสโปรโมชั่น',
    codeFormat: 'ใช้ได้เฉพาะตัวอักษร A-Z และตัวเลข ไม่เกิน 32 ตัว',
    cardsHeading: 'โบนัสทั้งหมด',
    cardsEmpty: 'ขณะนี้ยังไม่มีโบนัส',
    loadFailed: 'โหลดรายการโบนัสไม่สำเร็จ',
    current: 'ใช้งานอยู่',
    received: 'รับแล้ว',
    receive: bonusActionsTh.receive,
    confirm: 'ตกลง',
    receivedToast: 'รับโบนัสเรียบร้อยแล้ว',
    promotionTitle: bonusActionsTh.promotionTitle,
    searching: 'กำลังค้นหา…',
    notFound: 'ไม่พบโปรโมชั่นสำหรับรหัส {code}',
    percentFail: 'ยกเลิกได้เมื่อยอดต่ำกว่า {percent}%',
    promotionToast: 'รับโปรโมชั่นเรียบร้อยแล้ว',
    terms: bonusTermsTh,
    turnover: {
      heading: 'ยอดเทิร์นโอเวอร์',
      none: 'ไม่มีเงื่อนไขเทิร์นโอเวอร์ที่ค้างอยู่',
      loadFailed: 'โหลดยอดเทิร์นโอเวอร์ไม่สำเร็จ',
      progressLabel: 'ยอดเทิร์นโอเวอร์ของ {name}',
      figures: '{played} จาก {required} บาท',
      valueText: 'เดิมพันแล้ว {played} จาก {required} บาท ({percent}%)',
      providersHeading: 'ยอดที่นับแยกตามเกม',
      provider: '{name}: {played} บาท (นับ {weight}%)',
      endsMet: 'สิ้นสุดเองเมื่อมียอดเดิมพันครบ {required} บาท',
      endsClear:
        'คุณยกเลิกได้เมื่อยอดในกระเป๋ารวมกับยอดในเกมต่ำกว่า {amount} บาท ({percent}% ของ {base} บาท)',
      endsNever: 'ยกเลิกก่อนไม่ได้ (เกณฑ์ 0%)',
      own: 'เงินของคุณเอง',
      locked: 'เงินโปรโมชั่น (ถูกล็อกไว้)',
      homeMoney: 'เงินของคุณ {own} · ล็อกไว้ {locked} บาท',
      withdrawTakes:
        'หากถอนตอนนี้ เงื่อนไขจะสิ้นสุด และเงินโปรโมชั่น {amount} บาทจะถูกหักคืนก่อน คุณถอนเงินของคุณเองได้ {withdrawable} บาทโดยไม่ถูกตัดทิ้งเลย',
      withdrawKeeps: 'ตอนนี้คุณถอนเงินของคุณเองได้ {withdrawable} บาท และเงื่อนไขยังคงอยู่',
      homeHeading: 'ยอดเทิร์นโอเวอร์โบนัส',
      homeMore: 'และอีก {count} รายการ',
      homeLink: 'ดูเงื่อนไขโบนัส',
    },
    withdraw: {
      withdrawable: 'ถอนได้ตอนนี้',
      locked: 'เงินโปรโมชั่น (ถูกล็อกไว้)',
      takenBack: 'เงินโปรโมชั่นที่ถูกหักคืน',
      withdrawAll: 'ถอนเงินของฉันทั้งหมด ({amount} บาท)',
      keepsOpen:
        '{kind}ของคุณยังไม่สิ้นสุด: การถอนจะถอนได้เฉพาะเงินของคุณเอง ส่วนเงินโปรโมชั่นจะถูกล็อกไว้จนกว่าจะทำยอดเทิร์นโอเวอร์ครบ',
      warningTitle: 'การถอนครั้งนี้จะทำให้โบนัสสิ้นสุด',
      warning:
        'เงินโปรโมชั่น {forfeit} บาท (โบนัสและยอดที่ได้จากโบนัส) จะถูกหักคืนก่อน จากนั้นระบบจะจ่ายยอดที่คุณขอถอน และเงินของคุณเองที่เหลือในกระเป๋าจะถูกตัดทิ้ง',
      remainder: 'เงินของคุณเองที่จะถูกตัดทิ้งจากการถอนนี้: {rest} บาท',
      noForfeit: 'การถอนนี้ไม่ตัดเงินของคุณเองเลย',
      confirm: 'ฉันยอมรับให้ตัดเงินของฉันเอง {rest} บาททิ้ง',
      confirmRequired: 'กรุณาติ๊กยืนยันก่อน',
      overBonus: 'ตอนนี้ถอนได้สูงสุด {amount} บาท เพราะเงินโปรโมชั่นจะถูกหักคืนก่อน',
      overLocked:
        'ตอนนี้ถอนได้สูงสุด {amount} บาท ส่วนที่เหลือเป็นเงินโปรโมชั่นที่ถูกล็อกไว้จนกว่าจะทำยอดเทิร์นโอเวอร์ครบ',
      changedForfeit:
        'ยอดมีการเปลี่ยนแปลง: การถอนนี้จะตัดเงินของคุณเอง {rest} บาททิ้ง กรุณาตรวจสอบยอดและยืนยันอีกครั้ง',
      unread:
        'อ่านข้อมูลโบนัสของคุณไม่สำเร็จ หากการถอนนี้จะทำให้เงินของคุณเองถูกตัดทิ้ง ระบบจะแสดงยอดและให้คุณยืนยันก่อนมีการย้ายเงินใดๆ',
    },
  },
};
