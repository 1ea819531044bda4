// What members read, in their three languages: a copy of the member app's bonus terms
// (apps/web/src/i18n/locales/<lang>-bonus.ts, `bonus.terms`), for the console's previews
// (decision 0092). The console never imports apps/web; when the member wording changes,
// change it here too.
export type MemberLocale = 'th' | 'la' | 'en';

export interface MemberTerms {
  heading: string;
  creditFixed: string;
  creditRate: string;
  minDeposit: string;
  turnover: string;
  weights: string;
  weight: string;
  categories: { slot: string; sport: string; lotto: string };
  percentFail: string;
  deposit: string;
  ownMoney: string;
  oneAtATime: string;
  withdraw: string;
  /** The promotion dialog's title (`bonus.promotionTitle`). */
  promotionCode: string;
  receive: string;
}

export const memberTerms: Record<MemberLocale, MemberTerms> = {
  th: {
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
    promotionCode: 'โปรโมชั่น',
    receive: 'รับโบนัส',
  },
  la: {
    heading: 'ເງື່ອນໄຂ',
    creditFixed: 'ທ່ານຈະໄດ້ຮັບ {amount} ບາດ',
    creditRate: 'ທ່ານຈະໄດ້ຮັບ {percent}% ຂອງຍອດຝາກທີ່ເຂົ້າເງື່ອນໄຂ, ສູງສຸດ {cap} ບາດ',
    minDeposit: 'ຕ້ອງມີຍອດຝາກຫຼ້າສຸດຢ່າງໜ້ອຍ {amount} ບາດ ທີ່ຍັງບໍ່ໄດ້ໂອນເຂົ້າເກມ',
    turnover: 'ຍອດເທີນໂອເວີ: ຕ້ອງມີຍອດເດີມພັນ {multiple} ເທົ່າຂອງຍອດຝາກລວມໂບນັດ ກ່ອນທີ່ໂບນັດຈະສິ້ນສຸດ',
    weights: 'ສ່ວນຂອງຍອດເດີມພັນທີ່ນັບ: {list}',
    weight: '{category} {percent}%',
    categories: { slot: 'ສລັອດ', sport: 'ກິລາ', lotto: 'ຫວຍ' },
    percentFail: 'ທ່ານຍົກເລີກກ່ອນໄດ້ເມື່ອຍອດໃນກະເປົາລວມກັບຍອດໃນເກມຕ່ຳກວ່າ {percent}% ຂອງຍອດຝາກລວມໂບນັດ',
    deposit: 'ລະບົບຈະບໍ່ຮັບການຝາກຄັ້ງຕໍ່ໄປຈົນກວ່າໂບນັດຈະສິ້ນສຸດ',
    ownMoney: 'ເງິນໂປຣໂມຊັ່ນ ແລະ ຍອດທີ່ໄດ້ຈາກເງິນນັ້ນ ຖອນໄດ້ເມື່ອເຮັດຍອດເທີນໂອເວີຄົບ; ເງິນຂອງທ່ານເອງເປັນຂອງທ່ານສະເໝີ',
    oneAtATime:
      'ຮັບໄດ້ເທື່ອລະໜຶ່ງໂປຣໂມຊັ່ນ: ໃນຂະນະທີ່ລາຍການນີ້ຍັງບໍ່ສິ້ນສຸດ ຈະຮັບໂບນັດ, ໂປຣໂມຊັ່ນ, ໂບນັດແນະນຳໝູ່, ເງິນຄືນ ຫຼື ລາງວັນວົງລໍ້ອື່ນບໍ່ໄດ້',
    withdraw:
      'ການຖອນຈະເຮັດໃຫ້ໂບນັດສິ້ນສຸດ: ໂບນັດຈະຖືກຫັກຄືນ ແລະ ຍອດທີ່ເຫຼືອໃນກະເປົາຈະຖືກຕັດອອກ (ລະບົບຈະໃຫ້ທ່ານຢືນຢັນຍອດນັ້ນກ່ອນ). ຖ້າຖອນເງິນຂອງທ່ານເອງທັງໝົດ ຈະບໍ່ມີເງິນຂອງທ່ານຖືກຕັດອອກ',
    promotionCode: 'ໂປຣໂມຊັ່ນ',
    receive: 'ຮັບໂບນັດ',
  },
  en: {
    heading: 'Terms',
    creditFixed: 'You receive {amount} baht.',
    creditRate: 'You receive {percent}% of your qualifying deposit, at most {cap} baht.',
    minDeposit:
      'It needs a recent deposit of at least {amount} baht that has not yet been moved into a game.',
    turnover:
      'Turnover: bets of {multiple} times your deposit plus the bonus before the bonus ends.',
    weights: 'What counts of each bet: {list}.',
    weight: '{category} {percent}%',
    categories: { slot: 'slots', sport: 'sport', lotto: 'lotto' },
    percentFail:
      'You may end it early once your wallet and game balances together fall below {percent}% of deposit plus bonus.',
    deposit: 'Your next deposit is refused until the bonus ends.',
    ownMoney:
      'Promotion money and what it wins can be withdrawn once the turnover is met; your own money is always yours.',
    oneAtATime:
      'One promotion at a time: while this one is open, no other bonus, promotion, invite bonus, refund or spin prize can be received.',
    withdraw:
      'A withdrawal ends it: the bonus goes back and what is left in the wallet is forfeited (you will be asked to confirm the figure). Withdrawing all your own money forfeits none of it.',
    promotionCode: 'Promotion',
    receive: 'Receive',
  },
};

export function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}
