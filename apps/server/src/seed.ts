// Start-up data, idempotent (inserts what is missing, never overwrites an operator's edit):
// - always: banks, sources of discovery, and the operator account `admin` (its password
//   follows OPERATOR_PASSWORD until the operator chooses their own; without demo data it must
//   be replaced at the first sign-in: decision 0117);
// - unless SEED_DEMO=false: believable operator content in th/la/en and the demo member of
//   the README (0812345678 / demo1234).
import type { OperatorRole } from '@wallet/contract';
import type { BankCountry, BankRow, SourceRow } from './db/schema';
import type { AppDeps } from './deps';
import { DAY_MS, isoNow, isoPlus } from './lib/clock';
import { openTotpSecret, sealClearTotpSecrets, sealTotpSecret } from './modules/auth';
import { insertBankIfMissing, insertSourceIfMissing } from './modules/lookup';
import {
  findOperator,
  insertOperator,
  setOperatorPassword,
  setOperatorTotpSecret,
} from './modules/operator';
import type { Localized, SettingKey, SettingValue } from './modules/settings';
import { seedSetting } from './modules/settings';
import { seedSpinDemo } from './modules/promotions';

type SeedDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'passwords'>;

export const DEMO_MEMBER = {
  username: '0812345678',
  password: 'demo1234',
  name: 'Somchai Jaidee',
  bankCode: 'KBANK',
  bankAccountNo: '1234567890',
  bankAccountName: 'SOMCHAI JAIDEE',
} as const;
export const OPERATOR_USERNAME = 'admin';

const t = (th: string, la: string, en: string): Localized => ({ th, la, en });
/** A stock slide of the home carousel in each language (promotions.home-art.ts, 0134). */
const homeArt = (name: 'welcome' | 'spin' | 'cashback'): Localized =>
  t(
    `/api/promotions/art/home-${name}-th.jpg`,
    `/api/promotions/art/home-${name}-la.jpg`,
    `/api/promotions/art/home-${name}-en.jpg`,
  );

export const banks: BankRow[] = [
  ['SCB', 'ธนาคารไทยพาณิชย์', 'ທະນາຄານໄທພານິດ', 'Siam Commercial Bank', 'TH'],
  ['KBANK', 'ธนาคารกสิกรไทย', 'ທະນາຄານກະສິກອນໄທ', 'Kasikornbank', 'TH'],
  ['KTB', 'ธนาคารกรุงไทย', 'ທະນາຄານກຸງໄທ', 'Krungthai Bank', 'TH'],
  ['BBL', 'ธนาคารกรุงเทพ', 'ທະນາຄານບາງກອກ', 'Bangkok Bank', 'TH'],
  [
    'TMB',
    'ธนาคารทหารไทยธนชาต (ttb)',
    'ທະນາຄານທະຫານໄທທະນະຊາດ (ttb)',
    'TMBThanachart Bank (ttb)',
    'TH',
  ],
  ['BAY', 'ธนาคารกรุงศรีอยุธยา', 'ທະນາຄານກຸງສີອະຍຸດທະຍາ', 'Bank of Ayudhya (Krungsri)', 'TH'],
  ['GSB', 'ธนาคารออมสิน', 'ທະນາຄານອອມສິນ', 'Government Savings Bank', 'TH'],
  [
    'BAAC',
    'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร',
    'ທະນາຄານເພື່ອການກະສິກຳ ແລະ ສະຫະກອນກະສິກຳ',
    'Bank for Agriculture and Agricultural Cooperatives',
    'TH',
  ],
  ['KKP', 'ธนาคารเกียรตินาคินภัทร', 'ທະນາຄານກຽດນາຄິນພັດ', 'Kiatnakin Phatra Bank', 'TH'],
  ['CIMB', 'ธนาคารซีไอเอ็มบี ไทย', 'ທະນາຄານຊີໄອເອັມບີ ໄທ', 'CIMB Thai Bank', 'TH'],
  ['UOB', 'ธนาคารยูโอบี', 'ທະນາຄານຢູໂອບີ', 'United Overseas Bank (Thai)', 'TH'],
  ['LHBANK', 'ธนาคารแลนด์ แอนด์ เฮ้าส์', 'ທະນາຄານແລນ ແອນ ເຮົາສ໌', 'Land and Houses Bank', 'TH'],
  ['TISCO', 'ธนาคารทิสโก้', 'ທະນາຄານທິສະໂກ້', 'TISCO Bank', 'TH'],
  [
    'BCEL',
    'ธนาคารการค้าต่างประเทศลาว',
    'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ',
    'Banque pour le Commerce Exterieur Lao (BCEL)',
    'LA',
  ],
  ['LDB', 'ธนาคารพัฒนาลาว', 'ທະນາຄານພັດທະນາລາວ', 'Lao Development Bank', 'LA'],
].map(([code, th, la, en, country], i) => ({
  code: code!,
  name_th: th!,
  name_la: la!,
  name_en: en!,
  country: country as BankCountry,
  sort_order: (i + 1) * 10,
}));

export const sources: SourceRow[] = [
  ['FACEBOOK', 'เฟซบุ๊ก', 'ເຟສບຸກ', 'Facebook'],
  ['GOOGLE', 'กูเกิล', 'ກູໂກ', 'Google'],
  ['YOUTUBE', 'ยูทูบ', 'ຢູທູບ', 'YouTube'],
  ['TIKTOK', 'ติ๊กต็อก', 'ຕິກຕອກ', 'TikTok'],
  ['LINE', 'ไลน์', 'ລາຍ', 'LINE'],
  ['FRIEND', 'เพื่อนแนะนำ', 'ໝູ່ແນະນຳ', 'A friend told me'],
  ['OTHER', 'อื่น ๆ', 'ອື່ນໆ', 'Other'],
].map(([code, th, la, en], i) => ({
  code: code!,
  description_th: th!,
  description_la: la!,
  description_en: en!,
  sort_order: (i + 1) * 10,
}));

const lineLink = 'https://line.me/R/ti/p/@royalwallet';

export const demoSettings: { [K in SettingKey]?: SettingValue<K> } = {
  info: {
    name: t('Royal Wallet', 'Royal Wallet', 'Royal Wallet'),
    website: 'https://royal-wallet.example',
  },
  contact: {
    contactText: t(
      '<p>ทีมงาน <strong>Royal Wallet</strong> พร้อมดูแลตลอด 24 ชั่วโมง ผ่านแชทสดหรือ LINE</p>' +
        '<p>แจ้งปัญหาการฝาก-ถอน กรุณาแนบสลิปและเบอร์โทรศัพท์ที่ลงทะเบียนไว้</p>' +
        `<p>LINE: <a href="${lineLink}">@royalwallet</a></p>`,
      '<p>ທີມງານ <strong>Royal Wallet</strong> ພ້ອມໃຫ້ບໍລິການຕະຫຼອດ 24 ຊົ່ວໂມງ ຜ່ານແຊັດສົດ ຫຼື LINE</p>' +
        '<p>ແຈ້ງບັນຫາການຝາກ-ຖອນ ກະລຸນາແນບສະລິບ ແລະ ເບີໂທລະສັບທີ່ລົງທະບຽນໄວ້</p>' +
        `<p>LINE: <a href="${lineLink}">@royalwallet</a></p>`,
      '<p>The <strong>Royal Wallet</strong> team is here 24 hours a day, by live chat or LINE.</p>' +
        '<p>For a deposit or withdrawal problem, please attach the slip and your registered phone number.</p>' +
        `<p>LINE: <a href="${lineLink}">@royalwallet</a></p>`,
    ),
    lineLink,
    lineName: '@royalwallet',
    lineQR: null,
  },
  conditions: [
    t(
      '<p><strong>สมาชิก 1 ท่าน</strong> ใช้ได้ 1 บัญชีธนาคารและ 1 เบอร์โทรศัพท์เท่านั้น</p>',
      '<p><strong>ສະມາຊິກ 1 ທ່ານ</strong> ໃຊ້ໄດ້ 1 ບັນຊີທະນາຄານ ແລະ 1 ເບີໂທລະສັບເທົ່ານັ້ນ</p>',
      '<p><strong>One member</strong> may use one bank account and one phone number only.</p>',
    ),
    t(
      '<p>ชื่อบัญชีธนาคารที่ใช้ฝากและถอนต้องตรงกับชื่อที่ลงทะเบียนไว้</p>',
      '<p>ຊື່ບັນຊີທະນາຄານທີ່ໃຊ້ຝາກ ແລະ ຖອນ ຕ້ອງກົງກັບຊື່ທີ່ລົງທະບຽນໄວ້</p>',
      '<p>The bank account used to deposit and withdraw must be in the registered name.</p>',
    ),
    t(
      '<p>ยอดฝากจะเข้ากระเป๋าภายใน 1 นาที หากยอดไม่เข้า กรุณาอัปโหลดสลิปภายใน 1 ชั่วโมงหลังโอน</p>',
      '<p>ຍອດຝາກຈະເຂົ້າກະເປົາພາຍໃນ 1 ນາທີ ຖ້າຍອດບໍ່ເຂົ້າ ກະລຸນາອັບໂຫຼດສະລິບພາຍໃນ 1 ຊົ່ວໂມງຫຼັງໂອນ</p>',
      '<p>Deposits reach your wallet within 1 minute. If one does not, upload the slip within 1 hour of the transfer.</p>',
    ),
    t(
      '<p>เมื่อรับโบนัส ต้องทำยอดเทิร์นโอเวอร์ตามเงื่อนไขก่อนจึงจะถอนได้ และกรุณาถอนเงินทั้งหมดเมื่อจบโบนัส มิฉะนั้นยอดคงเหลือจะถูกตัด</p>',
      '<p>ເມື່ອຮັບໂບນັດ ຕ້ອງເຮັດຍອດເທີນໂອເວີຕາມເງື່ອນໄຂກ່ອນຈຶ່ງຈະຖອນໄດ້ ແລະ ກະລຸນາຖອນເງິນທັງໝົດເມື່ອຈົບໂບນັດ ບໍ່ດັ່ງນັ້ນຍອດຄົງເຫຼືອຈະຖືກຕັດ</p>',
      '<p>A bonus must meet its turnover condition before you can withdraw. Withdraw all funds when the bonus ends, or the remainder is forfeited.</p>',
    ),
    t(
      '<p>บริษัทขอสงวนสิทธิ์ระงับบัญชีที่มีพฤติกรรมทุจริตโดยไม่ต้องแจ้งล่วงหน้า</p>',
      '<p>ບໍລິສັດຂໍສະຫງວນສິດລະງັບບັນຊີທີ່ມີພຶດຕິກຳສໍ້ໂກງ ໂດຍບໍ່ຕ້ອງແຈ້ງລ່ວງໜ້າ</p>',
      '<p>We may suspend accounts involved in fraud without prior notice.</p>',
    ),
  ],
  agreements: [
    t(
      '<p>ผู้ใช้บริการต้องมีอายุ 18 ปีบริบูรณ์ขึ้นไป</p>',
      '<p>ຜູ້ໃຊ້ບໍລິການຕ້ອງມີອາຍຸ 18 ປີບໍລິບູນຂຶ້ນໄປ</p>',
      '<p>You must be at least 18 years old to use the service.</p>',
    ),
    t(
      '<p>ห้ามเปิดเผยรหัสผ่านหรือรหัส OTP แก่ผู้อื่น รวมถึงผู้ที่อ้างว่าเป็นเจ้าหน้าที่</p>',
      '<p>ຫ້າມເປີດເຜີຍລະຫັດຜ່ານ ຫຼື ລະຫັດ OTP ໃຫ້ຜູ້ອື່ນ ລວມທັງຜູ້ທີ່ອ້າງວ່າເປັນພະນັກງານ</p>',
      '<p>Never share your password or OTP with anyone, including people who claim to be staff.</p>',
    ),
    t(
      '<p>การถอนเงินจะโอนเข้าบัญชีธนาคารที่ลงทะเบียนไว้เท่านั้น หากต้องการเปลี่ยนบัญชีกรุณาติดต่อผู้ดูแลระบบ</p>',
      '<p>ການຖອນເງິນຈະໂອນເຂົ້າບັນຊີທະນາຄານທີ່ລົງທະບຽນໄວ້ເທົ່ານັ້ນ ຖ້າຕ້ອງການປ່ຽນບັນຊີ ກະລຸນາຕິດຕໍ່ຜູ້ດູແລລະບົບ</p>',
      '<p>Withdrawals are paid only to the registered bank account; to change it, contact an administrator.</p>',
    ),
    t(
      '<p>ข้าพเจ้ายอมรับ<strong>ข้อกำหนดการใช้บริการ</strong>และนโยบายความเป็นส่วนตัวของ Royal Wallet</p>',
      '<p>ຂ້າພະເຈົ້າຍອມຮັບ<strong>ຂໍ້ກຳນົດການນຳໃຊ້ບໍລິການ</strong> ແລະ ນະໂຍບາຍຄວາມເປັນສ່ວນຕົວຂອງ Royal Wallet</p>',
      '<p>I accept the <strong>terms of service</strong> and the privacy policy of Royal Wallet.</p>',
    ),
  ],
  notice: t(
    'ยกเลิกโบนัสได้เมื่อยอดเงินในกระเป๋าและเกมรวมกันต่ำกว่า %percentFail%% ของยอดฝากบวกโบนัส หากถอนเงินก่อนทำยอดเทิร์นโอเวอร์ครบ ระบบจะหักโบนัสคืนและยอดที่เหลือในกระเป๋าจะถูกริบ กรุณาถอนเงินทั้งหมด',
    'ຍົກເລີກໂບນັດໄດ້ເມື່ອຍອດເງິນໃນກະເປົາແລະເກມລວມກັນຕ່ຳກວ່າ %percentFail%% ຂອງຍອດຝາກບວກໂບນັດ ຖ້າຖອນເງິນກ່ອນເຮັດຍອດເທີນໂອເວີຄົບ ລະບົບຈະຫັກໂບນັດຄືນ ແລະຍອດທີ່ເຫຼືອໃນກະເປົາຈະຖືກຮິບ ກະລຸນາຖອນເງິນທັງໝົດ',
    'A bonus can be cancelled once your wallet and game balances together fall below %percentFail%% of deposit plus bonus. Withdrawing before the turnover is met takes the bonus back and forfeits what is left in the wallet: withdraw all funds.',
  ),
  withdraw: { withdrawMinSatang: 100_00, withdrawMaxSatang: 50_000_00 },
  deposit: {
    isManual: false,
    banks: [
      {
        bankCode: 'KBANK',
        bankType: 'BANK',
        mode: 'AUTO',
        bank: t('ธนาคารกสิกรไทย', 'ທະນາຄານກະສິກອນໄທ', 'Kasikornbank'),
        bankAccountName: 'บจก. รอยัล วอลเล็ท',
        bankAccountNameEN: 'ROYAL WALLET CO., LTD.',
        bankAccountNo: '0408123456',
        currency: 'BAHT',
      },
      {
        bankCode: 'SCB',
        bankType: 'BANK',
        mode: 'AUTO',
        bank: t('ธนาคารไทยพาณิชย์', 'ທະນາຄານໄທພານິດ', 'Siam Commercial Bank'),
        bankAccountName: 'บจก. รอยัล วอลเล็ท',
        bankAccountNameEN: 'ROYAL WALLET CO., LTD.',
        bankAccountNo: '4061234567',
        currency: 'BAHT',
      },
      {
        bankCode: 'WW',
        bankType: 'PAYMENT',
        mode: 'AUTO',
        bank: t('WW เพย์เมนต์ (QR)', 'WW ເພເມັ້ນ (QR)', 'WW Payment (QR)'),
        bankAccountName: 'Royal Wallet',
        bankAccountNo: 'WW-200145',
        currency: 'BAHT',
      },
      {
        bankCode: 'PAYTIMZ',
        bankType: 'PAYMENT',
        mode: 'AUTO',
        bank: t('เพย์ทิมซ์ (QR)', 'ເພທິມຊ໌ (QR)', 'PayTimz (QR)'),
        bankAccountName: 'Royal Wallet',
        bankAccountNo: 'PTZ-880231',
        currency: 'BAHT',
      },
    ],
    wallets: [{ mode: 'gift', walletAccountName: 'Royal Wallet' }],
  },
  slip: {
    uploadWindowMinutes: 60,
    closedFrom: '23:50',
    closedTo: '00:10',
    maxFileBytes: 10 * 1024 * 1024,
  },
  registerOTP: true,
  // The demo shows the whole product, support chat included (decision 0109). Without demo
  // content the default holds: off until an operator turns it on.
  enableChatWidget: true,
  // Issue 12 (decisions 0071, 0074): the rule book's defaults, with banners (H3 draws them).
  invite: {
    enabled: true,
    ratePercent: 5,
    capPerDepositSatang: 10_000,
    minimumSatang: 100,
    successPercent: 100,
    failPercent: 0,
    banners: [
      {
        image: '/api/promotions/art/invite.jpg',
        html: t(
          '<p><strong>ชวนเพื่อน รับ 5%</strong> ของทุกยอดฝากของเพื่อน (สูงสุด 100 บาทต่อครั้ง)</p>',
          '<p><strong>ຊວນໝູ່ ຮັບ 5%</strong> ຂອງທຸກຍອດຝາກຂອງໝູ່ (ສູງສຸດ 100 ບາດຕໍ່ຄັ້ງ)</p>',
          '<p><strong>Invite friends, earn 5%</strong> of each of their deposits (up to 100 baht each)</p>',
        ),
      },
    ],
  },
  refund: {
    enabled: true,
    ratePercent: 5,
    minimumSatang: 100,
    claimDays: 7,
    successPercent: 100,
    failPercent: 0,
    info: t(
      '<p>รับคืนยอดเสีย <strong>5%</strong> ของยอดเสียสุทธิทุกสัปดาห์ (จันทร์-อาทิตย์) รับได้ภายใน 7 วันนับจากวันจันทร์ถัดไป ยอดคืนต้องทำเทิร์นโอเวอร์ 1 เท่าก่อนถอน</p>',
      '<p>ຮັບຄືນຍອດເສຍ <strong>5%</strong> ຂອງຍອດເສຍສຸດທິທຸກອາທິດ (ຈັນ-ອາທິດ) ຮັບໄດ້ພາຍໃນ 7 ວັນນັບແຕ່ວັນຈັນຖັດໄປ ຍອດຄືນຕ້ອງເຮັດເທີນໂອເວີ 1 ເທົ່າກ່ອນຖອນ</p>',
      '<p>Get back <strong>5%</strong> of your net loss every week (Monday to Sunday), receivable for 7 days from the next Monday. The refund carries a 1x turnover before withdrawal.</p>',
    ),
    banners: [
      {
        image: '/api/promotions/art/refund.jpg',
        html: t(
          '<p><strong>คืนยอดเสีย 5%</strong> ทุกสัปดาห์</p>',
          '<p><strong>ຄືນຍອດເສຍ 5%</strong> ທຸກອາທິດ</p>',
          '<p><strong>5% cashback</strong> every week</p>',
        ),
      },
    ],
  },
  terminated: null,
  // Issue 26 (decision 0134): the home's carousel, three lettered stock slides per language
  // (built with the artwork), and its running announcement line.
  homeBanners: [
    {
      image: homeArt('welcome'),
      alt: t(
        'โบนัสต้อนรับ 100% ฝากครั้งแรกรับเพิ่มสูงสุด 500 บาท',
        'ໂບນັດຕ້ອນຮັບ 100% ສຳລັບສະມາຊິກໃໝ່ ຝາກເງິນຮັບເພີ່ມສູງສຸດ 500 ບາດ',
        'Welcome bonus 100%: up to 500 baht extra on your first deposit',
      ),
      link: '/user/bonus',
      active: true,
      startsAt: null,
      endsAt: null,
    },
    {
      image: homeArt('spin'),
      alt: t(
        'หมุนวงล้อนำโชค ฝากทุก 100 บาทรับ 1 เหรียญหมุน',
        'ໝຸນວົງລໍ້ນຳໂຊກ ຝາກທຸກ 100 ບາດຮັບ 1 ຫຼຽນໝຸນ',
        'Spin the wheel: 1 spin coin for every 100 baht deposited',
      ),
      link: '/user/spin',
      active: true,
      startsAt: null,
      endsAt: null,
    },
    {
      image: homeArt('cashback'),
      alt: t(
        'คืนยอดเสีย 5% ทุกสัปดาห์ รับคืนได้ทุกวันจันทร์ภายใน 7 วัน',
        'ຄືນຍອດເສຍ 5% ທຸກອາທິດ ຮັບຄືນໄດ້ທຸກວັນຈັນພາຍໃນ 7 ວັນ',
        '5% cashback every week, to claim from Monday for 7 days',
      ),
      link: null,
      active: true,
      startsAt: null,
      endsAt: null,
    },
  ],
  announcement: {
    enabled: true,
    text: t(
      'ยินดีต้อนรับสู่ Royal Wallet • ฝาก-ถอนอัตโนมัติตลอด 24 ชั่วโมง ภายใน 1 นาที • สมาชิกใหม่รับโบนัสต้อนรับ 100% • คืนยอดเสีย 5% ทุกสัปดาห์',
      'ຍິນດີຕ້ອນຮັບສູ່ Royal Wallet • ຝາກ-ຖອນອັດຕະໂນມັດຕະຫຼອດ 24 ຊົ່ວໂມງ ພາຍໃນ 1 ນາທີ • ສະມາຊິກໃໝ່ຮັບໂບນັດຕ້ອນຮັບ 100% • ຄືນຍອດເສຍ 5% ທຸກອາທິດ',
      'Welcome to Royal Wallet • Automatic deposits and withdrawals around the clock, within 1 minute • New members get a 100% welcome bonus • 5% cashback every week',
    ),
  },
};

/**
 * The demo operators, one per role (decision 0086), all with OPERATOR_PASSWORD and the demo
 * authenticator secret (`npm run operator:codes` prints their codes). Without demo data only
 * `admin` is seeded, with no authenticator: it enrols one at its first sign-in.
 */
export const DEMO_OPERATORS: readonly { username: string; role: OperatorRole; name: string }[] = [
  { username: OPERATOR_USERNAME, role: 'admin', name: 'Administrator' },
  { username: 'cashier', role: 'cashier', name: 'Cashier Nok' },
  { username: 'support', role: 'support', name: 'Support Mali' },
  { username: 'marketing', role: 'marketing', name: 'Marketing Ton' },
];

/**
 * A seeded operator. Its password follows OPERATOR_PASSWORD until the operator chooses their
 * own (then the seed leaves it alone: decision 0117). Without demo data (production) the
 * password from the environment is a shared secret: `admin` must choose its own at its first
 * sign-in. The demo operators keep OPERATOR_PASSWORD (the journeys and the README use it).
 */
async function seedOperator(
  deps: SeedDeps,
  operator: (typeof DEMO_OPERATORS)[number],
  totpSecret: string | null,
): Promise<void> {
  const changeRequired = !deps.config.seedDemo;
  let existing = await findOperator(deps.db, operator.username);
  if (!existing) {
    await insertOperator(deps.db, {
      username: operator.username,
      password_hash: await deps.passwords.hash(deps.config.operatorPassword),
      created_at: isoNow(deps.clock),
      role: operator.role,
      display_name: operator.name,
      password_change_required: changeRequired ? 1 : 0,
    });
    existing = await findOperator(deps.db, operator.username);
    if (!existing) return;
  } else if (existing.password_changed_at === null) {
    // Still the environment's password (or an older one): it follows OPERATOR_PASSWORD, and
    // in production it must be replaced at the next sign-in.
    const same = await deps.passwords.verify(existing.password_hash, deps.config.operatorPassword);
    if (!same || (changeRequired && existing.password_change_required === 0))
      await setOperatorPassword(
        deps.db,
        existing.id,
        same ? existing.password_hash : await deps.passwords.hash(deps.config.operatorPassword),
        changeRequired,
      );
  }
  const key = deps.config.games.credentialsKey;
  if (
    totpSecret &&
    (existing.totp_secret === null ||
      openTotpSecret(key, existing.id, existing.totp_secret) !== totpSecret)
  )
    await setOperatorTotpSecret(deps.db, existing.id, sealTotpSecret(key, existing.id, totpSecret));
}

async function seedDemoMember(deps: SeedDeps): Promise<void> {
  const { db } = deps;
  const exists = await db
    .selectFrom('members')
    .select('id')
    .where('username', '=', DEMO_MEMBER.username)
    .executeTakeFirst();
  if (exists) return;
  const taken = await db
    .selectFrom('members')
    .select('id')
    .where((eb) =>
      eb.or([eb('member_no', '=', '10001'), eb('bank_account_no', '=', DEMO_MEMBER.bankAccountNo)]),
    )
    .executeTakeFirst();
  if (taken) return; // someone registered first; never take their number or account
  await db
    .insertInto('members')
    .values({
      member_no: '10001',
      username: DEMO_MEMBER.username,
      name: DEMO_MEMBER.name,
      password_hash: await deps.passwords.hash(DEMO_MEMBER.password),
      bank_code: DEMO_MEMBER.bankCode,
      bank_account_name: DEMO_MEMBER.bankAccountName,
      bank_account_no: DEMO_MEMBER.bankAccountNo,
      currency: 'BAHT',
      source_code: 'FACEBOOK',
      invited_by: null,
      coin: 0,
      status: 'active',
      // A member of long standing (decision 0124): a fresh account's slips wait for an
      // operator, and the demo walks through a slip deposit on the first day.
      created_at: isoPlus(deps.clock, -30 * DAY_MS),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('verified_phones')
    .values({ phone: DEMO_MEMBER.username, verified_at: isoNow(deps.clock) })
    .onConflict((oc) => oc.column('phone').doNothing())
    .execute();
}

// Demo bonuses and promotion codes (issue 12, decision 0071); amounts in satang. The
// banner images are rasterised at build time and served under /api/promotions/art/.
const art = (name: string) => `/api/promotions/art/${name}.jpg`;
const bannerHtml = (th: string, la: string, en: string): Localized => ({
  th: `<p>${th}</p>`,
  la: `<p>${la}</p>`,
  en: `<p>${en}</p>`,
});
export const demoBonuses = [
  {
    code: 'WELCOME',
    name: { th: 'โบนัสต้อนรับ 100%', la: 'ໂບນັດຕ້ອນຮັບ 100%', en: 'Welcome bonus 100%' },
    description: bannerHtml(
      'ฝากครั้งแรกรับเพิ่ม 100% สูงสุด 500 บาท ทำเทิร์น 3 เท่า',
      'ຝາກຄັ້ງທຳອິດຮັບເພີ່ມ 100% ສູງສຸດ 500 ບາດ ເທີນ 3 ເທື່ອ',
      'First deposit +100% up to 500 baht, turnover 3x',
    ),
    banner: 'bonus-welcome',
    type: 'limit',
    maxReceived: 1,
    credit: { kind: 'rate', percent: 100, cap: 50_000 },
    minDeposit: 10_000,
    turnoverMultiple: 3,
    enabled: 1,
  },
  {
    code: 'DAILY',
    name: { th: 'โบนัสรายวัน 10%', la: 'ໂບນັດປະຈຳວັນ 10%', en: 'Daily bonus 10%' },
    description: bannerHtml(
      'ฝากวันละครั้งรับเพิ่ม 10% สูงสุด 100 บาท ทำเทิร์น 1 เท่า',
      'ຝາກມື້ລະຄັ້ງຮັບເພີ່ມ 10% ສູງສຸດ 100 ບາດ ເທີນ 1 ເທື່ອ',
      'Once a day +10% up to 100 baht, turnover 1x',
    ),
    banner: 'bonus-daily',
    type: 'day',
    maxReceived: 1,
    credit: { kind: 'rate', percent: 10, cap: 10_000 },
    minDeposit: 10_000,
    turnoverMultiple: 1,
    enabled: 1,
  },
  {
    code: 'WEEKLY',
    name: { th: 'โบนัสรายสัปดาห์ 50 บาท', la: 'ໂບນັດປະຈຳອາທິດ 50 ບາດ', en: 'Weekly bonus 50 baht' },
    description: bannerHtml(
      'ฝาก 100 บาทขึ้นไปรับ 50 บาท สัปดาห์ละ 2 ครั้ง ทำเทิร์น 2 เท่า',
      'ຝາກ 100 ບາດຂຶ້ນໄປຮັບ 50 ບາດ ອາທິດລະ 2 ຄັ້ງ ເທີນ 2 ເທື່ອ',
      'Deposit 100 baht or more, get 50 baht, twice a week, turnover 2x',
    ),
    banner: 'bonus-weekly',
    type: 'week',
    maxReceived: 2,
    credit: { kind: 'fixed', amount: 5_000 },
    minDeposit: 10_000,
    turnoverMultiple: 2,
    enabled: 1,
  },
  {
    // Behind the promotion codes only (switched off: not in the member's list).
    code: 'CODE50',
    name: { th: 'โค้ดโปรโมชั่น 50%', la: 'ໂຄດໂປຣໂມຊັ່ນ 50%', en: 'Promotion code 50%' },
    description: bannerHtml(
      'รับเพิ่ม 50% สูงสุด 300 บาท ทำเทิร์น 2 เท่า',
      'ຮັບເພີ່ມ 50% ສູງສຸດ 300 ບາດ ເທີນ 2 ເທື່ອ',
      '+50% up to 300 baht, turnover 2x',
    ),
    banner: 'promo-code',
    type: 'limit',
    maxReceived: 1,
    credit: { kind: 'rate', percent: 50, cap: 30_000 },
    minDeposit: 10_000,
    turnoverMultiple: 2,
    enabled: 0,
  },
] as const;

export const demoPromotions = [
  {
    code: 'WELCOME50',
    bonus: 'CODE50',
    description: {
      th: 'โค้ด WELCOME50: ฝากแล้วรับเพิ่ม 50% สูงสุด 300 บาท',
      la: 'ໂຄດ WELCOME50: ຝາກແລ້ວຮັບເພີ່ມ 50% ສູງສຸດ 300 ບາດ',
      en: 'Code WELCOME50: +50% of your deposit, up to 300 baht',
    },
    days: null,
    maxUsesTotal: null,
  },
  {
    code: 'FLASH30',
    bonus: 'CODE50',
    description: {
      th: 'โค้ด FLASH30: 30 วันเท่านั้น 1,000 สิทธิ์แรก',
      la: 'ໂຄດ FLASH30: 30 ມື້ເທົ່ານັ້ນ 1,000 ສິດທຳອິດ',
      en: 'Code FLASH30: 30 days only, first 1,000 uses',
    },
    days: 30,
    maxUsesTotal: 1000,
  },
] as const;

async function seedDemoBonuses(deps: SeedDeps): Promise<void> {
  const now = isoNow(deps.clock);
  for (const [index, bonus] of demoBonuses.entries()) {
    await deps.db
      .insertInto('bonus_definitions')
      .values({
        code: bonus.code,
        name_json: JSON.stringify(bonus.name),
        description_json: JSON.stringify(bonus.description),
        banners_json: JSON.stringify([{ image: art(bonus.banner), html: bonus.description }]),
        type: bonus.type,
        max_received: bonus.maxReceived,
        percent_fail: 10,
        credit_kind: bonus.credit.kind,
        credit_amount: bonus.credit.kind === 'fixed' ? bonus.credit.amount : 0,
        credit_percent: bonus.credit.kind === 'rate' ? bonus.credit.percent : 0,
        credit_cap: bonus.credit.kind === 'rate' ? bonus.credit.cap : 0,
        min_deposit: bonus.minDeposit,
        turnover_multiple: bonus.turnoverMultiple,
        weights_json: JSON.stringify({ slot: 100, sport: 50, lotto: 0 }),
        enabled: bonus.enabled,
        sort_order: index + 1,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
  for (const promotion of demoPromotions) {
    const bonus = await deps.db
      .selectFrom('bonus_definitions')
      .select('id')
      .where('code', '=', promotion.bonus)
      .executeTakeFirstOrThrow();
    await deps.db
      .insertInto('promotion_codes')
      .values({
        code: promotion.code,
        bonus_id: bonus.id,
        description_json: JSON.stringify(promotion.description),
        valid_from: promotion.days === null ? '2020-01-01T00:00:00.000Z' : now,
        valid_to: promotion.days === null ? null : isoPlus(deps.clock, promotion.days * DAY_MS),
        max_uses_per_member: 1,
        max_uses_total: promotion.maxUsesTotal,
        enabled: 1,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
}

export async function seed(deps: SeedDeps): Promise<void> {
  // Authenticator secrets written in clear by an older release are sealed (decision 0118).
  await sealClearTotpSecrets(deps);
  for (const bank of banks) await insertBankIfMissing(deps.db, bank);
  for (const source of sources) await insertSourceIfMissing(deps.db, source);
  const demo = deps.config.seedDemo;
  for (const operator of demo ? DEMO_OPERATORS : DEMO_OPERATORS.slice(0, 1))
    await seedOperator(deps, operator, demo ? deps.config.operatorDemoTotpSecret : null);
  if (!demo) return;
  for (const [key, value] of Object.entries(demoSettings))
    await seedSetting(deps.db, deps.clock, key as SettingKey, value as never);
  await seedDemoMember(deps);
  await seedDemoBonuses(deps);
  await seedSpinDemo(deps, DEMO_MEMBER.username);
}
