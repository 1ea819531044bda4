// The member-facing bonus terms in Lao (issue 27): the member app's `bonus.terms`,
// `bonus.receive` and `bonus.promotionTitle`, and what the console's preview shows.
import type { BonusActionsText, BonusTermsText } from '../bonus-terms';

export const bonusTermsLa: BonusTermsText = {
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
};

export const bonusActionsLa: BonusActionsText = {
  receive: 'ຮັບໂບນັດ',
  promotionTitle: 'ໂປຣໂມຊັ່ນ',
};
