// The push texts (issue 29, decision 0152): one table, th / la / en, filled from the event's
// parameters in the member's language. A text never quotes a chat message (a lock screen
// shows it to whoever holds the phone): it names the event and the amount only.
import type { PushKind, PushPayload } from '@wallet/contract';
import { formatBaht, satangToBaht } from '@wallet/contract';

type Lang = PushPayload['lang'];

/** What an event's text needs; amounts in minor units. */
export interface PushParams {
  amount?: number;
  currency?: 'BAHT' | 'LAK';
  /** A rejected withdrawal's reason, as the operator wrote it for the member. */
  reason?: string | null;
  /** A bonus's name in each language. */
  name?: { th: string; la?: string; en: string };
}

const CURRENCY: Record<'BAHT' | 'LAK', Record<Lang, string>> = {
  BAHT: { th: 'บาท', la: 'ບາດ', en: 'THB' },
  LAK: { th: 'กีบ', la: 'ກີບ', en: 'LAK' },
};

/** The app path each kind opens. */
export const PUSH_URLS: Record<PushKind, string> = {
  deposit_credited: '/user/statement',
  withdrawal_paid: '/user/statement',
  withdrawal_rejected: '/user/statement',
  support_reply: '/user/contact',
  bonus_turnover_met: '/user/bonus',
};

type Text = (v: { money: string; reason: string; name: string }) => {
  title: string;
  body: string;
};

const TEXTS: Record<PushKind, Record<Lang, Text>> = {
  deposit_credited: {
    th: ({ money }) => ({ title: 'ฝากเงินสำเร็จ', body: `ยอด ${money} เข้ากระเป๋าแล้ว` }),
    la: ({ money }) => ({ title: 'ຝາກເງິນສຳເລັດ', body: `ຍອດ ${money} ເຂົ້າກະເປົາແລ້ວ` }),
    en: ({ money }) => ({ title: 'Deposit credited', body: `${money} is in your wallet.` }),
  },
  withdrawal_paid: {
    th: ({ money }) => ({
      title: 'ถอนเงินสำเร็จ',
      body: `โอน ${money} เข้าบัญชีธนาคารของคุณแล้ว`,
    }),
    la: ({ money }) => ({
      title: 'ຖອນເງິນສຳເລັດ',
      body: `ໂອນ ${money} ເຂົ້າບັນຊີທະນາຄານຂອງທ່ານແລ້ວ`,
    }),
    en: ({ money }) => ({
      title: 'Withdrawal paid',
      body: `${money} was sent to your bank account.`,
    }),
  },
  withdrawal_rejected: {
    th: ({ money, reason }) => ({
      title: 'การถอนเงินถูกปฏิเสธ',
      body: `${money} กลับเข้ากระเป๋าแล้ว${reason ? ` เหตุผล: ${reason}` : ''}`,
    }),
    la: ({ money, reason }) => ({
      title: 'ການຖອນເງິນຖືກປະຕິເສດ',
      body: `${money} ກັບເຂົ້າກະເປົາແລ້ວ${reason ? ` ເຫດຜົນ: ${reason}` : ''}`,
    }),
    en: ({ money, reason }) => ({
      title: 'Withdrawal rejected',
      body: `${money} is back in your wallet.${reason ? ` Reason: ${reason}` : ''}`,
    }),
  },
  support_reply: {
    th: () => ({ title: 'ข้อความใหม่จากฝ่ายบริการ', body: 'ฝ่ายบริการตอบกลับคุณแล้ว แตะเพื่ออ่าน' }),
    la: () => ({ title: 'ຂໍ້ຄວາມໃໝ່ຈາກຝ່າຍບໍລິການ', body: 'ຝ່າຍບໍລິການຕອບກັບທ່ານແລ້ວ ແຕະເພື່ອອ່ານ' }),
    en: () => ({ title: 'New message from support', body: 'Support replied to you. Tap to read.' }),
  },
  bonus_turnover_met: {
    th: ({ name }) => ({
      title: 'ยอดเทิร์นโอเวอร์ครบแล้ว',
      body: `ยอดเทิร์นโอเวอร์ของโบนัส ${name} ครบแล้ว`,
    }),
    la: ({ name }) => ({
      title: 'ຍອດເທີນໂອເວີຄົບແລ້ວ',
      body: `ຍອດເທີນໂອເວີຂອງໂບນັດ ${name} ຄົບແລ້ວ`,
    }),
    en: ({ name }) => ({
      title: 'Turnover met',
      body: `The turnover of your bonus ${name} is met.`,
    }),
  },
};

/** The payload of one event in one language. */
export function renderPush(
  kind: PushKind,
  tag: string,
  params: PushParams,
  lang: Lang,
): PushPayload {
  const currency = params.currency ?? 'BAHT';
  const money =
    params.amount === undefined
      ? ''
      : `${formatBaht(satangToBaht(params.amount))} ${CURRENCY[currency][lang]}`;
  const name = params.name
    ? lang === 'la'
      ? params.name.la || params.name.th
      : params.name[lang]
    : '';
  const { title, body } = TEXTS[kind][lang]({ money, reason: params.reason?.trim() ?? '', name });
  return { title, body, url: PUSH_URLS[kind], tag, lang };
}
