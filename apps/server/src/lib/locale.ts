import type { Locale } from '@wallet/contract';

/**
 * The answer language from Accept-Language (decision 0002): the first of th / la / en by
 * q-value; `lo` (ISO 639-1 for Lao) counts as `la`. Default th.
 */
export function localeFrom(header: string | undefined): Locale {
  if (!header) return 'th';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { lang: tag.split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { lang } of ranked) {
    if (lang === 'th' || lang === 'en') return lang;
    if (lang === 'la' || lang === 'lo') return 'la';
  }
  return 'th';
}

/** Picks the text of a `{ th, la, en }` record; Lao falls back to Thai when missing. */
export function pick(text: { th: string; la?: string; en: string }, locale: Locale): string {
  if (locale === 'la') return text.la || text.th;
  return text[locale];
}
