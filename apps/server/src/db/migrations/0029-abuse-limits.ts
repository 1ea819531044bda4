// Issue 25, section 3 (decisions 0120-0123).
// - promotion_code_throttle: unknown promotion codes per member (decision 0120), the columns
//   of gift_link_throttle (lib/attempt-throttle.ts counts both); housekeeping purges it.
// - chat_conversations.origin: a visitor conversation's client address as a keyed hash; the
//   inbox groups open visitor conversations by it (decision 0121), hence the index.
// - chat_files.thumb_bytes: the thumbnail's size, so the chat store's cap counts every byte
//   it keeps (decision 0121); null for rows stored before (their thumbnails are small).
// - Promotion HTML stored before the server sanitised it (decision 0123): the captions of
//   bonus banners, spin slice descriptions, and the invite and refund settings' banners and
//   refund text are passed once through the one sanitiser (lib/sanitize-html.ts) and written
//   back when that changed them. New writes are sanitised by the operator routes.
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import { sanitizeHtml } from '../../lib/sanitize-html';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped db
type AnyDb = Kysely<any>;

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value per language with each language's HTML sanitised (anything else kept as it is). */
async function cleanLocalized(value: Json): Promise<Json> {
  if (!isObject(value)) return value;
  const out: Record<string, Json> = { ...value };
  for (const lang of ['th', 'la', 'en'])
    if (typeof out[lang] === 'string') out[lang] = await sanitizeHtml(out[lang]);
  return out;
}

async function cleanBanners(banners: Json): Promise<Json> {
  if (!Array.isArray(banners)) return banners;
  return Promise.all(
    banners.map(async (b: Json) =>
      isObject(b) ? { ...b, html: await cleanLocalized(b.html) } : b,
    ),
  );
}

function parse(json: string): Json {
  try {
    return JSON.parse(json) as Json;
  } catch {
    return undefined;
  }
}

/** Rewrites each JSON cell that `clean` changes; answers how many changed. */
async function cleanColumn(
  db: AnyDb,
  table: string,
  keyColumn: string,
  column: string,
  clean: (value: Json) => Promise<Json>,
  onlyKeys?: readonly string[],
): Promise<number> {
  let query = db.selectFrom(table).select([keyColumn, column]);
  if (onlyKeys) query = query.where(keyColumn, 'in', onlyKeys);
  const rows = (await query.execute()) as Record<string, string>[];
  let changed = 0;
  for (const row of rows) {
    const value = parse(row[column]!);
    if (value === undefined) continue;
    const next = JSON.stringify(await clean(value));
    if (next === JSON.stringify(value)) continue;
    await db
      .updateTable(table)
      .set({ [column]: next })
      .where(keyColumn, '=', row[keyColumn])
      .execute();
    changed++;
  }
  return changed;
}

/** The promotion HTML already stored, sanitised (decision 0123); answers the cells changed. */
export async function cleanStoredPromotionHtml(db: AnyDb): Promise<number> {
  let changed = 0;
  changed += await cleanColumn(db, 'bonus_definitions', 'id', 'banners_json', cleanBanners);
  changed += await cleanColumn(db, 'spin_slices', 'id', 'description_json', cleanLocalized);
  // Only the invite and refund settings carry promotion HTML (the content settings were
  // sanitised on store from the start: decision 0093).
  const cleanSetting = async (value: Json): Promise<Json> => {
    if (!isObject(value)) return value;
    const out: Record<string, Json> = { ...value };
    if ('banners' in out) out.banners = await cleanBanners(out.banners);
    if ('info' in out) out.info = await cleanLocalized(out.info);
    return out;
  };
  changed += await cleanColumn(db, 'operator_settings', 'key', 'value_json', cleanSetting, [
    'invite',
    'refund',
  ]);
  return changed;
}

const statements = [
  `create table promotion_code_throttle (
     key text primary key,
     failures integer not null,
     window_started_at text not null,
     locked_until text
   )`,
  `alter table chat_conversations add column origin text`,
  `create index chat_conversations_origin_idx
     on chat_conversations (origin, status, last_activity_at) where origin is not null`,
  `alter table chat_files add column thumb_bytes integer`,
];

export function abuseLimits(): Migration {
  return {
    async up(db: AnyDb) {
      for (const statement of statements) await sql.raw(statement).execute(db);
      await cleanStoredPromotionHtml(db);
    },
  };
}
