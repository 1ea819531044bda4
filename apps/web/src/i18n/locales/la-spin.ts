// ໜ້າວົງລໍ້ (spec section 2 "Spin", decision 0083): ຄີດຽວກັນກັບ en-spin.ts
import type { enSpin } from './en-spin';

export const laSpin: typeof enSpin = {
  spin: {
    title: 'ວົງລໍ້ນຳໂຊກ',
    wheelAlt: '{name}: ວົງລໍ້ {count} ຊ່ອງ: {slices}',
    spinButton: 'ໝຸນ',
    coins: '{coins} ຫຼຽນ',
    spinLabel: 'ໝຸນວົງລໍ້ (ເຫຼືອ {coins} ຫຼຽນ)',
    noCoins: 'ຫຼຽນໝົດແລ້ວ ຝາກເງິນທຸກ 100 ບາດ ຮັບ 1 ຫຼຽນ',
    spinning: 'ວົງລໍ້ກຳລັງໝຸນ…',
    landed: 'ວົງລໍ້ຢຸດທີ່ {label}',
    noWheel: 'ຕອນນີ້ວົງລໍ້ປິດຢູ່',
    prizeTitle: 'ລາງວັນຂອງທ່ານ',
    couponsTitle: 'ຄູປອງຂອງທ່ານ',
    couponsEmpty: 'ບໍ່ມີຄູປອງໃຫ້ຮັບ',
    couponsPager: 'ໜ້າຄູປອງ',
    index: 'ລຳດັບ',
    prize: 'ລາງວັນ',
    amount: 'ຈຳນວນເງິນ',
    claim: 'ຮັບ',
    claimLabel: 'ຮັບຄູປອງລຳດັບ {index}: {label}',
    confirmTitle: 'ຢືນຢັນຮັບຄູປອງນີ້ບໍ?',
    confirmText: 'ເງິນ {amount} ບາດ ({label}) ຈະເຂົ້າກະເປົາຂອງທ່ານເປັນເງິນໂປຣໂມຊັ່ນ ພ້ອມເງື່ອນໄຂຍອດເທີນໂອເວີ',
    turnoverKnown: 'ຍອດເທີນໂອເວີ: ຕ້ອງມີຍອດເດີມພັນ {multiple} ເທົ່າຂອງລາງວັນ ({required} ບາດ) ກ່ອນຈຶ່ງຈະຖອນໄດ້',
    addsTo: 'ລາງວັນນີ້ຈະລວມເຂົ້າກັບເງື່ອນໄຂລາງວັນວົງລໍ້ທີ່ທ່ານມີຢູ່',
    blocked: 'ທ່ານມີ{kind}ທີ່ຍັງບໍ່ສິ້ນສຸດ. ຈະຮັບລາງວັນວົງລໍ້ໄດ້ເມື່ອລາຍການນັ້ນສິ້ນສຸດ',
    confirm: 'ຮັບເລີຍ',
    cancel: 'ຍົກເລີກ',
    claimed: 'ຄູປອງເຂົ້າກະເປົາຂອງທ່ານແລ້ວ',
  },
};
