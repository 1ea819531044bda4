// The member-facing bonus terms in Thai (issue 27): the member app's `bonus.terms`,
// `bonus.receive` and `bonus.promotionTitle`, and what the console's preview shows.
import type { BonusActionsText, BonusTermsText } from '../bonus-terms';

export const bonusTermsTh: BonusTermsText = {
  heading: 'เงื่อนไข',
  creditFixed: 'คุณจะได้รับ {amount} บาท',
  creditRate: 'คุณจะได้รับ {percent}% ของยอดฝากที่เข้าเงื่อนไข สูงสุด {cap} บาท',
  minDeposit: 'ต้องมียอดฝากล่าสุดอย่างน้อย {amount} บาท ที่ยังไม่ได้โอนเข้าเกม',
  turnover: 'ยอดเทิร์นโอเวอร์: ต้องมียอดเดิมพัน {multiple} เท่าของยอดฝากรวมโบนัส ก่อนที่โบนัสจะสิ้นสุด',
  weights: 'สัดส่วนของยอดเดิมพันที่นับ: {list}',
  weight: '{category} {percent}%',
  categories: { slot: 'สล็อต', sport: 'กีฬา', lotto: 'หวย' },
  percentFail: 'คุณยกเลิกก่อนได้เมื่อยอดในกระเป๋ารวมกับยอดในเกมต่ำกว่า {percent}% ของยอดฝากรวมโบนัส',
  deposit: 'ระบบจะไม่รับการฝากครั้งถัดไปจนกว่าโบนัสจะสิ้นสุด',
  ownMoney: 'เงินโปรโมชั่นและยอดที่ได้จากเงินนั้นถอนได้เมื่อทำยอดเทิร์นโอเวอร์ครบ ส่วนเงินของคุณเองเป็นของคุณเสมอ',
  oneAtATime:
    'รับได้ครั้งละหนึ่งโปรโมชั่น: ระหว่างที่รายการนี้ยังไม่สิ้นสุด จะรับโบนัส โปรโมชั่น โบนัสแนะนำเพื่อน เงินคืน หรือรางวัลวงล้ออื่นไม่ได้',
  withdraw:
    'การถอนจะทำให้โบนัสสิ้นสุด: โบนัสจะถูกหักคืน และยอดที่เหลือในกระเป๋าจะถูกตัดทิ้ง (ระบบจะให้คุณยืนยันยอดนั้นก่อน) หากถอนเงินของคุณเองทั้งหมด จะไม่มีเงินของคุณถูกตัดทิ้ง',
};

export const bonusActionsTh: BonusActionsText = {
  receive: 'รับโบนัส',
  promotionTitle: 'โปรโมชั่น',
};
