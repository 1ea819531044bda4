// หน้าวงล้อ (spec section 2 "Spin", decision 0083): คีย์เดียวกับ en-spin.ts
import type { enSpin } from './en-spin';

export const thSpin: typeof enSpin = {
  spin: {
    title: 'วงล้อนำโชค',
    wheelAlt: '{name}: วงล้อ {count} ช่อง: {slices}',
    spinButton: 'หมุน',
    coins: '{coins} เหรียญ',
    spinLabel: 'หมุนวงล้อ (เหลือ {coins} เหรียญ)',
    noCoins: 'เหรียญหมดแล้ว ฝากเงินทุก 100 บาทรับ 1 เหรียญ',
    spinning: 'วงล้อกำลังหมุน…',
    landed: 'วงล้อหยุดที่ {label}',
    noWheel: 'ขณะนี้วงล้อปิดอยู่',
    prizeTitle: 'รางวัลของคุณ',
    couponsTitle: 'คูปองของคุณ',
    couponsEmpty: 'ไม่มีคูปองให้รับ',
    couponsPager: 'หน้าคูปอง',
    index: 'ลำดับ',
    prize: 'รางวัล',
    amount: 'จำนวนเงิน',
    claim: 'รับ',
    claimLabel: 'รับคูปองลำดับ {index}: {label}',
    confirmTitle: 'ยืนยันรับคูปองนี้?',
    confirmText: 'เงิน {amount} บาท ({label}) จะเข้ากระเป๋าของคุณเป็นเงินโปรโมชั่น พร้อมเงื่อนไขยอดเทิร์นโอเวอร์',
    turnoverKnown:
      'ยอดเทิร์นโอเวอร์: ต้องมียอดเดิมพัน {multiple} เท่าของรางวัล ({required} บาท) ก่อนจึงจะถอนได้',
    addsTo: 'รางวัลนี้จะรวมเข้ากับเงื่อนไขรางวัลวงล้อที่คุณมีอยู่',
    blocked: 'คุณมี{kind}ที่ยังไม่สิ้นสุด จะรับรางวัลวงล้อได้เมื่อรายการนั้นสิ้นสุด',
    confirm: 'รับเลย',
    cancel: 'ยกเลิก',
    claimed: 'คูปองเข้ากระเป๋าของคุณแล้ว',
  },
};
