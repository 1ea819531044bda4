// The statement of a range as a file (issue 28, decision 0145): CSV (UTF-8 with a BOM, so
// Excel reads Thai and Lao) and PDF (pdfkit, with Thai and Lao fonts from the system), each
// in the member's language. The rows read as the statement page reads them: date, type,
// from -> to with the related description, status, amount in baht.
import { existsSync } from 'node:fs';
import type { Locale, StatementItem } from '@wallet/contract';
import { itemState } from '@wallet/contract';

type Labels = {
  title: string;
  range: string;
  columns: [date: string, type: string, description: string, status: string, amount: string];
  types: Record<'deposit' | 'withdraw' | 'transfer', string>;
  received: string;
  ended: string;
  kinds: Record<'bonus' | 'promotion' | 'invite' | 'refund' | 'luckydraw', string>;
  statuses: Record<'success' | 'failed' | 'progress', string>;
  parties: Record<'WALLET' | 'OPERATOR' | 'BONUS' | 'GIFT_LINK', string>;
  forfeited: string;
  nothingForfeited: string;
  empty: string;
};

/** The web app's statement words (locales/*-extra.ts), for files made on the server. */
export const exportLabels: Record<Locale, Labels> = {
  th: {
    title: 'รายการเดินบัญชี',
    range: '{from} ถึง {to}',
    columns: ['วันที่', 'ประเภท', 'รายละเอียด', 'สถานะ', 'จำนวนเงิน (บาท)'],
    types: { deposit: 'ฝากเงิน', withdraw: 'ถอนเงิน', transfer: 'โยกเงิน' },
    received: 'รับ{kind}',
    ended: 'จบ{kind}',
    kinds: {
      bonus: 'โบนัส',
      promotion: 'โปรโมชั่น',
      invite: 'โบนัสแนะนำเพื่อน',
      refund: 'เงินคืนยอดเสีย',
      luckydraw: 'รางวัลวงล้อ',
    },
    statuses: { success: 'สำเร็จ', failed: 'ไม่สำเร็จ', progress: 'กำลังดำเนินการ' },
    parties: {
      WALLET: 'กระเป๋าเงิน',
      OPERATOR: 'ผู้ดูแลระบบ',
      BONUS: 'โปรโมชั่น',
      GIFT_LINK: 'ลิงก์ของขวัญ',
    },
    forfeited: 'ตัดทิ้งจากกระเป๋าเงิน',
    nothingForfeited: 'ไม่มีเงินถูกตัดทิ้ง',
    empty: 'ไม่มีรายการในช่วงนี้',
  },
  la: {
    title: 'ປະຫວັດທຸລະກຳ',
    range: '{from} ຫາ {to}',
    columns: ['ວັນທີ', 'ປະເພດ', 'ລາຍລະອຽດ', 'ສະຖານະ', 'ຈຳນວນເງິນ (ບາດ)'],
    types: { deposit: 'ຝາກເງິນ', withdraw: 'ຖອນເງິນ', transfer: 'ໂອນເງິນ' },
    received: 'ຮັບ{kind}',
    ended: 'ສິ້ນສຸດ{kind}',
    kinds: {
      bonus: 'ໂບນັດ',
      promotion: 'ໂປຣໂມຊັ່ນ',
      invite: 'ໂບນັດແນະນຳໝູ່',
      refund: 'ເງິນຄືນຍອດເສຍ',
      luckydraw: 'ລາງວັນວົງລໍ້',
    },
    statuses: { success: 'ສຳເລັດ', failed: 'ບໍ່ສຳເລັດ', progress: 'ກຳລັງດຳເນີນການ' },
    parties: {
      WALLET: 'ກະເປົາເງິນ',
      OPERATOR: 'ຜູ້ດູແລລະບົບ',
      BONUS: 'ໂປຣໂມຊັ່ນ',
      GIFT_LINK: 'ລິ້ງຂອງຂວັນ',
    },
    forfeited: 'ຕັດອອກຈາກກະເປົາເງິນ',
    nothingForfeited: 'ບໍ່ມີເງິນຖືກຕັດອອກ',
    empty: 'ບໍ່ມີລາຍການໃນຊ່ວງນີ້',
  },
  en: {
    title: 'Statement',
    range: '{from} to {to}',
    columns: ['Date', 'Type', 'Description', 'Status', 'Amount (THB)'],
    types: { deposit: 'Deposit', withdraw: 'Withdrawal', transfer: 'Transfer' },
    received: '{kind} received',
    ended: '{kind} ended',
    kinds: {
      bonus: 'Bonus',
      promotion: 'Promotion',
      invite: 'Invite bonus',
      refund: 'Cashback',
      luckydraw: 'Spin prize',
    },
    statuses: { success: 'Success', failed: 'Failed', progress: 'In progress' },
    parties: {
      WALLET: 'Wallet',
      OPERATOR: 'Operator',
      BONUS: 'Promotions',
      GIFT_LINK: 'Gift link',
    },
    forfeited: 'Forfeited from the wallet',
    nothingForfeited: 'Nothing forfeited',
    empty: 'No rows in this range',
  },
};

const relatedKinds = ['bonus', 'promotion', 'invite', 'refund', 'luckydraw'] as const;

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? '');

/** `YYYY-MM-DD HH:mm` in Bangkok time. */
export function bangkokDateTime(iso: string): string {
  return new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** One statement row as the file's five cells, in `locale`. */
export function exportCells(item: StatementItem, locale: Locale): string[] {
  const l = exportLabels[locale];
  const party = (code: string) => l.parties[code as keyof Labels['parties']] ?? code;
  const details = relatedKinds.flatMap((kind) => {
    const d = item[kind]?.description?.trim();
    return d ? [d] : [];
  });
  const kind = l.kinds[relatedKinds.find((k) => item[k]) ?? 'bonus'];
  let type: string;
  let movement: string;
  if (item.statementType === 'finish_bonus') {
    type = fill(l.ended, { kind });
    movement = item.amount > 0 ? l.forfeited : l.nothingForfeited;
  } else {
    type =
      item.statementType === 'bonus' ? fill(l.received, { kind }) : l.types[item.statementType];
    movement = `${party(item.from)} → ${party(item.to)}`;
  }
  const description = [movement, ...details, ...(item.reason ? [item.reason] : [])].join(' · ');
  return [
    bangkokDateTime(item.createdAt),
    type,
    description,
    l.statuses[itemState(item.status, 'statement')],
    item.amount.toFixed(2),
  ];
}

const csvCell = (value: string) => {
  // A cell that starts like a formula is read as text (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The CSV file: a BOM, the header in `locale`, one line per row (CRLF, as Excel writes). */
export function statementCsv(items: readonly StatementItem[], locale: Locale): Buffer {
  const lines = [exportLabels[locale].columns, ...items.map((item) => exportCells(item, locale))];
  const text = lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}

/**
 * Fonts for the PDF (decision 0145), the first file found of each list (Debian's
 * fonts-thai-tlwg, fonts-noto-core and fonts-dejavu-core, which .ci/run installs). Without
 * them the PDF still comes out, in the built-in Helvetica (Latin only).
 */
export const pdfFontFiles = {
  thai: [
    '/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf',
    '/usr/share/fonts/truetype/tlwg/Loma.ttf',
    '/usr/share/fonts/truetype/tlwg/Garuda.ttf',
  ],
  lao: [
    '/usr/share/fonts/truetype/noto/NotoSansLao-Regular.ttf',
    '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  ],
  latin: [
    '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
    '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf',
  ],
} as const;

type Script = keyof typeof pdfFontFiles;

function scriptOf(char: string): Script {
  const code = char.codePointAt(0)!;
  if (code >= 0x0e00 && code <= 0x0e7f) return 'thai';
  if (code >= 0x0e80 && code <= 0x0eff) return 'lao';
  return 'latin';
}

/** The text cut into runs of one script; spaces stay with the run before (punctuation is
 * written in the Latin font: the Thai and Lao fonts lack some). */
export function scriptRuns(text: string): { script: Script; text: string }[] {
  const runs: { script: Script; text: string }[] = [];
  for (const char of text) {
    const script = scriptOf(char);
    const last = runs.at(-1);
    const neutral = /\s/.test(char);
    if (last && (last.script === script || neutral)) last.text += char;
    else runs.push({ script, text: char });
  }
  return runs;
}

const firstFile = (files: readonly string[]) => files.find((file) => existsSync(file));

/** The PDF file: a title, the range, and a table of the rows (A4 landscape). */
export async function statementPdf(
  items: readonly StatementItem[],
  locale: Locale,
  range: { from: string; to: string },
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 36, lang: locale });
  const fonts: Record<Script, string> = { thai: 'Helvetica', lao: 'Helvetica', latin: 'Helvetica' };
  for (const script of Object.keys(pdfFontFiles) as Script[]) {
    const file = firstFile(pdfFontFiles[script]);
    if (file) {
      doc.registerFont(script, file);
      fonts[script] = script;
    }
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  /** Writes `text` on one line from x, cut to `width`, each script in its font. */
  const line = (text: string, x: number, y: number, width: number, size: number) => {
    let at = x;
    for (const run of scriptRuns(text)) {
      doc.font(fonts[run.script]).fontSize(size);
      let shown = run.text;
      while (shown && at + doc.widthOfString(shown) > x + width) shown = shown.slice(0, -1);
      // On one baseline: the fonts' ascents differ, their baselines must not.
      if (shown) doc.text(shown, at, y + size, { lineBreak: false, baseline: 'alphabetic' });
      at += doc.widthOfString(shown);
      if (shown !== run.text) break;
    }
  };

  const l = exportLabels[locale];
  const left = doc.page.margins.left;
  const widths = [90, 110, 390, 90, 90];
  const rowHeight = 18;
  let y = doc.page.margins.top;
  line(l.title, left, y, 700, 16);
  y += 26;
  line(fill(l.range, range), left, y, 700, 10);
  y += 24;
  const header = () => {
    let x = left;
    l.columns.forEach((label, n) => {
      line(label, x, y, widths[n]! - 6, 9);
      x += widths[n]!;
    });
    doc
      .moveTo(left, y + 14)
      .lineTo(left + widths.reduce((a, b) => a + b, 0), y + 14)
      .stroke();
    y += rowHeight + 2;
  };
  header();
  if (items.length === 0) line(l.empty, left, y, 700, 9);
  for (const item of items) {
    if (y + rowHeight > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      y = doc.page.margins.top;
      header();
    }
    let x = left;
    exportCells(item, locale).forEach((cell, n) => {
      line(cell, x, y, widths[n]! - 6, 9);
      x += widths[n]!;
    });
    y += rowHeight;
  }
  doc.end();
  return done;
}
