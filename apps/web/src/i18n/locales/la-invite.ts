// Lao strings of the invite, refund and confirm-before-moving dialogs and the promotion
// banner carousel (issue 12). Same keys as en-invite.ts; spread into la-extra.ts.
import type { PromoCatalog } from '@/i18n/types';

export const laInvite: Pick<PromoCatalog, 'promoCarousel' | 'invite' | 'refund' | 'moveBonus'> = {
  promoCarousel: {
    label: 'ໂປຣໂມຊັ່ນ',
    previous: 'ແບນເນີກ່ອນໜ້າ',
    next: 'ແບນເນີຕໍ່ໄປ',
    slide: 'ແບນເນີທີ {n} ຈາກ {total}',
    goTo: 'ສະແດງແບນເນີທີ {n}',
  },
  invite: {
    title: 'ຊວນໝູ່',
    linkLabel: 'ລິ້ງຊວນໝູ່ຂອງທ່ານ',
    linkHint: 'ໝູ່ທີ່ສະໝັກຜ່ານລິ້ງນີ້ຈະເປັນຜູ້ຖືກຊວນຂອງທ່ານ. ທຸກຄັ້ງທີ່ໝູ່ຝາກເງິນ ທ່ານຈະໄດ້ຮັບໂບນັດຊວນໝູ່.',
    copy: 'ສຳເນົາ',
    copyLabel: 'ສຳເນົາລິ້ງຊວນໝູ່ຂອງທ່ານ',
    copied: 'ສຳເນົາແລ້ວ: {text}',
    copyFailed: 'ສຳເນົາບໍ່ສຳເລັດ',
    tableTitle: 'ລາຍໄດ້ຈາກການຊວນໝູ່',
    from: 'ໝູ່',
    amount: 'ຈຳນວນເງິນ',
    createdAt: 'ວັນທີ',
    empty: 'ຍັງບໍ່ມີລາຍໄດ້ຈາກການຊວນໝູ່',
    pages: 'ໜ້າລາຍໄດ້ຈາກການຊວນໝູ່',
  },
  refund: {
    title: 'ຄືນຍອດເສຍ',
    amount: 'ຍອດຄືນທີ່ລໍຖ້າຮັບ',
    success: 'ສຳເລັດ',
    fail: 'ບໍ່ສຳເລັດ',
    receive: 'ຮັບຍອດຄືນ',
    move: 'ຍ້າຍເຂົ້າກະເປົາ',
    bonusLine1: 'ທ່ານມີໂບນັດ ຫຼື ເງື່ອນໄຂໂປຣໂມຊັ່ນທີ່ຍັງບໍ່ສິ້ນສຸດ (ຮັບໄດ້ເທື່ອລະໜຶ່ງລາຍການ) ຈຶ່ງຍັງຮັບຍອດຄືນບໍ່ໄດ້',
    bonusLine2: 'ກະລຸນາເຮັດເທີນໃຫ້ຄົບ ຫຼື ຍົກເລີກກ່ອນ ແລ້ວກັບມາຮັບຍອດຄືນ',
    nothing: 'ຍັງບໍ່ມີຍອດຄືນໃຫ້ຮັບ: ຍອດຄືນຄິດຈາກຍອດເສຍສຸດທິຂອງຮອບທີ່ແລ້ວ',
    nothingMore: 'ຮັບຍອດຄືນແລ້ວ: ຍ້າຍເຂົ້າກະເປົາເງິນໄດ້ທີ່ປຸ່ມດ້ານລຸ່ມ',
    logTitle: 'ປະຫວັດການຮັບຍອດຄືນ',
    refundAmount: 'ຍອດຄືນ',
    createdAt: 'ວັນທີ',
    empty: 'ຍັງບໍ່ມີປະຫວັດການຮັບຍອດຄືນ',
    pages: 'ໜ້າປະຫວັດການຮັບຍອດຄືນ',
  },
  moveBonus: {
    inviteTitle: 'ຮັບໂບນັດຊວນໝູ່',
    refundTitle: 'ຍ້າຍຍອດຄືນເຂົ້າກະເປົາ',
    amount: 'ຈຳນວນເງິນ',
    success: 'ສຳເລັດ',
    fail: 'ບໍ່ສຳເລັດ',
    successText: 'ສຳເລັດ: ຫຼິ້ນເກມໃຫ້ໄດ້ຍອດ {success}% ຂອງຈຳນວນນີ້ ແລ້ວຖອນໄດ້ຕາມປົກກະຕິ',
    failText: 'ບໍ່ສຳເລັດ: ເມື່ອຍອດເງິນຂອງທ່ານຕ່ຳກວ່າ {fail}% ຂອງຈຳນວນນີ້ ສາມາດຢຸດເງື່ອນໄຂໄດ້',
    failNever: 'ບໍ່ສຳເລັດ: ເງື່ອນໄຂນີ້ຢຸດກ່ອນບໍ່ໄດ້ (ເກນ 0%)',
    warning:
      'ເງິນນີ້ມີເງື່ອນໄຂການເຮັດເທີນ. ຈົນກວ່າຈະເຮັດເທີນຄົບ ຈຳນວນນີ້ ແລະ ຍອດທີ່ໄດ້ຈາກເງິນນີ້ຈະຖືກລັອກໄວ້; ທ່ານຍັງຖອນເງິນຂອງທ່ານເອງໄດ້ ແລະ ເງື່ອນໄຂຈະຍັງຄົງຢູ່',
    confirm: 'ຍ້າຍເຂົ້າກະເປົາ',
  },
};
