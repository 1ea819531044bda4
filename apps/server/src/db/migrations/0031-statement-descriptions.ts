// Issue 26 (docs/decisions/0132-statement-rows-in-the-readers-language.md): statement rows of
// promotions written before decision 0112 kept one description, in the language the member
// read at the time ("Cashback refund 2026-11-23" in a Thai statement), and their finish_bonus
// rows none. Each such row is rewritten into one description per language, from what the
// row's own grant or coupon stored in every language; a text it cannot trace stays as it is.
// - `BN{grantId}` (a grant's credit: bonus, promotion, invite, refund before 0112): the
//   grant's name_json, or that name plus the same suffix (a refund's period: "{name} {date}");
// - `BN{grantId}-END` (finish_bonus): the same, and a row without any description gets its
//   grant's name under the grant's kind;
// - `BNC{couponId}` (a spin coupon): "{wheel}: {slice}" in each language;
// - `BNR{receiptId}` (a refund moved after 0112): already per language; traced through the
//   receipt's grant all the same.
// Rows are read and written in pages of 500 by id; running it twice changes nothing.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped db
type AnyDb = Kysely<any>;

const LOCALES = ['th', 'la', 'en'] as const;
type Texts = Record<(typeof LOCALES)[number], string>;

/** The statement's `related` key of each grant kind (as promotions.turnover.ts has it). */
const RELATED_KEY: Record<string, string> = {
  bonus: 'bonus',
  promotion: 'promotion',
  invite: 'invite',
  refund: 'refund',
  coupon: 'luckydraw',
};

const PAGE = 500;

function parse(json: string | null): unknown {
  if (json === null) return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

/** A `{ th, la, en }` record of strings (Lao falls back to Thai, as the server reads it). */
function texts(json: string | null): Texts | null {
  const value = parse(json) as Partial<Record<string, unknown>> | undefined;
  if (!value || typeof value !== 'object') return null;
  const { th, la, en } = value;
  if (typeof th !== 'string' || typeof en !== 'string') return null;
  return { th, la: typeof la === 'string' && la !== '' ? la : th, en };
}

/**
 * The per-language form of `text` when it is one of `names` in some language, or that name
 * followed by a suffix (a space and the rest) in some language; null when it is neither.
 */
export function traceDescription(text: string, names: Texts): Texts | null {
  for (const locale of LOCALES) {
    const name = names[locale];
    if (name === '') continue;
    if (text === name) return { ...names };
    if (text.startsWith(`${name} `)) {
      const suffix = text.slice(name.length);
      return { th: names.th + suffix, la: names.la + suffix, en: names.en + suffix };
    }
  }
  return null;
}

interface Source {
  /** The name in every language the row's description came from. */
  names: Texts;
  /** The `related` key a finish row without a description gets; null: never add one. */
  key: string | null;
}

async function grantSource(db: AnyDb, grantId: number, finish: boolean): Promise<Source | null> {
  const grant = (await db
    .selectFrom('promotion_grants')
    .select(['kind', 'name_json'])
    .where('id', '=', grantId)
    .executeTakeFirst()) as { kind: string; name_json: string } | undefined;
  const names = grant ? texts(grant.name_json) : null;
  if (!grant || !names) return null;
  return { names, key: finish ? (RELATED_KEY[grant.kind] ?? null) : null };
}

async function couponSource(db: AnyDb, couponId: number): Promise<Source | null> {
  const row = (await db
    .selectFrom('spin_coupons as c')
    .innerJoin('spin_slices as s', 's.id', 'c.slice_id')
    .innerJoin('spin_wheels as w', 'w.id', 's.wheel_id')
    .select(['s.label_json', 'w.name_json'])
    .where('c.id', '=', couponId)
    .executeTakeFirst()) as { label_json: string; name_json: string } | undefined;
  const wheel = row ? texts(row.name_json) : null;
  const label = row ? texts(row.label_json) : null;
  if (!wheel || !label) return null;
  const joined = (locale: keyof Texts) => `${wheel[locale]}: ${label[locale]}`;
  return { names: { th: joined('th'), la: joined('la'), en: joined('en') }, key: null };
}

async function receiptSource(db: AnyDb, receiptId: number): Promise<Source | null> {
  const receipt = (await db
    .selectFrom('refund_receipts')
    .select('grant_id')
    .where('id', '=', receiptId)
    .executeTakeFirst()) as { grant_id: number | null } | undefined;
  return receipt?.grant_id ? grantSource(db, Number(receipt.grant_id), false) : null;
}

/** Where a promotion row's description came from, by its reference (statement.service.ts). */
function sourceOf(db: AnyDb, reference: string): Promise<Source | null> {
  let match = /^BN(\d+)-END$/.exec(reference);
  if (match) return grantSource(db, Number(match[1]), true);
  match = /^BNC(\d+)$/.exec(reference);
  if (match) return couponSource(db, Number(match[1]));
  match = /^BNR(\d+)$/.exec(reference);
  if (match) return receiptSource(db, Number(match[1]));
  match = /^BN(\d+)$/.exec(reference);
  if (match) return grantSource(db, Number(match[1]), false);
  return Promise.resolve(null);
}

/** The row's `related` with every traceable one-language description made per language. */
export function rewriteRelated(related: unknown, source: Source): Record<string, unknown> | null {
  if (related === undefined || related === null) {
    return source.key ? { [source.key]: { description: { ...source.names } } } : null;
  }
  if (typeof related !== 'object' || Array.isArray(related)) return null;
  const out: Record<string, unknown> = { ...(related as Record<string, unknown>) };
  let changed = false;
  for (const [key, value] of Object.entries(out)) {
    const description = (value as { description?: unknown } | null)?.description;
    if (typeof description !== 'string') continue;
    const traced = traceDescription(description, source.names);
    if (!traced) continue;
    out[key] = { ...(value as object), description: traced };
    changed = true;
  }
  return changed ? out : null;
}

/** Rewrites the promotion rows' descriptions; answers how many rows changed. */
export async function statementDescriptionsPerLanguage(db: AnyDb): Promise<number> {
  let changed = 0;
  let after = 0;
  for (;;) {
    const rows = (await db
      .selectFrom('statement_items')
      .select(['id', 'reference', 'related_json'])
      .where('reference', 'like', 'BN%')
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute()) as { id: number; reference: string; related_json: string | null }[];
    if (rows.length === 0) return changed;
    after = Number(rows[rows.length - 1]!.id);
    for (const row of rows) {
      const related = parse(row.related_json);
      // Only rows still holding a one-language text, or finish rows holding none.
      const oneLanguage =
        related === undefined ||
        Object.values(related as Record<string, { description?: unknown } | null>).some(
          (value) => typeof value?.description === 'string',
        );
      if (!oneLanguage) continue;
      const source = await sourceOf(db, row.reference);
      if (!source) continue;
      const next = rewriteRelated(related, source);
      if (!next) continue;
      await db
        .updateTable('statement_items')
        .set({ related_json: JSON.stringify(next) })
        .where('id', '=', row.id)
        .execute();
      changed++;
    }
  }
}

export function statementDescriptions(): Migration {
  return {
    async up(db: AnyDb) {
      await statementDescriptionsPerLanguage(db);
    },
  };
}
