// Slip image links: the answer's `link` may be absolute or relative to this site; only
// http(s) is ever opened (never javascript: or data:).

export function safeSlipUrl(link: string | null | undefined, base: string): string | null {
  if (!link) return null;
  try {
    const url = new URL(link, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
