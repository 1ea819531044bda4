// The demo wheel (decision 0082): eight slices in th/la/en, two without a prize, and a few
// coins for the demo member so the wheel can be tried at once. Seeded only when no wheel
// exists, so an operator's wheels are never touched.
import type { Db } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { isoNow } from '../../../lib/clock';
import * as repo from './spin.repository';

export const DEMO_WHEEL_NAME = { th: 'วงล้อนำโชค', la: 'ວົງລໍ້ນຳໂຊກ', en: 'Lucky wheel' };
export const DEMO_COINS = 5;

const prize = (baht: number) => ({
  label: { th: `${baht} บาท`, la: `${baht} ບາດ`, en: `${baht} baht` },
  description: {
    th: `<p>รับเงินรางวัล <b>${baht} บาท</b> เข้ากระเป๋า ไม่มีเงื่อนไขเทิร์นโอเวอร์</p><p>กดรับคูปองภายใน 72 ชั่วโมง</p>`,
    la: `<p>ຮັບເງິນລາງວັນ <b>${baht} ບາດ</b> ເຂົ້າກະເປົາ ບໍ່ມີເງື່ອນໄຂເທີນໂອເວີ</p><p>ກົດຮັບຄູປອງພາຍໃນ 72 ຊົ່ວໂມງ</p>`,
    en: `<p><b>${baht} baht</b> into your wallet, with no turnover condition.</p><p>Claim the coupon within 72 hours.</p>`,
  },
  prize: baht * 100,
});

const noPrize = {
  label: { th: 'โชคดีครั้งหน้า', la: 'ໂຊກດີຄັ້ງໜ້າ', en: 'Next time' },
  description: {
    th: '<p>ครั้งนี้ยังไม่ได้รางวัล ลองหมุนใหม่อีกครั้ง</p>',
    la: '<p>ເທື່ອນີ້ຍັງບໍ່ໄດ້ລາງວັນ ລອງໝຸນໃໝ່ອີກຄັ້ງ</p>',
    en: '<p>No prize this time. Spin again!</p>',
  },
  prize: 0,
};

export const DEMO_SLICES = [
  { code: 'P10', weight: 30, bg: '#f59e0b', fg: '#1f2937', ...prize(10) },
  { code: 'MISS1', weight: 25, bg: '#1e3a8a', fg: '#ffffff', ...noPrize },
  { code: 'P20', weight: 20, bg: '#10b981', fg: '#052e16', ...prize(20) },
  { code: 'P50', weight: 10, bg: '#7c3aed', fg: '#ffffff', ...prize(50) },
  { code: 'MISS2', weight: 20, bg: '#334155', fg: '#ffffff', ...noPrize },
  { code: 'P100', weight: 4, bg: '#dc2626', fg: '#ffffff', ...prize(100) },
  { code: 'P5', weight: 30, bg: '#fde68a', fg: '#1f2937', ...prize(5) },
  { code: 'P500', weight: 1, bg: '#0f766e', fg: '#ffffff', ...prize(500) },
] as const;

export async function seedSpinDemo(
  deps: { db: Db; clock: Clock },
  demoMemberUsername: string,
): Promise<void> {
  const { db, clock } = deps;
  if ((await repo.listWheels(db)).length > 0) return;
  const at = isoNow(clock);
  const { id } = await repo.insertWheel(db, JSON.stringify(DEMO_WHEEL_NAME), at);
  for (const [index, slice] of DEMO_SLICES.entries()) {
    await repo.insertSlice(
      db,
      id,
      {
        code: slice.code,
        label_json: JSON.stringify(slice.label),
        bg_color: slice.bg,
        text_color: slice.fg,
        description_json: JSON.stringify(slice.description),
        weight: slice.weight,
        prize: slice.prize,
        sort_order: index,
      },
      at,
    );
  }
  await repo.updateWheel(db, id, { active: 1 }, at);
  await db
    .updateTable('members')
    .set((eb) => ({ coin: eb('coin', '+', DEMO_COINS) }))
    .where('username', '=', demoMemberUsername)
    .execute();
}
