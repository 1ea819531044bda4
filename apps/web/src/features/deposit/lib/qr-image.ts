// The QR arrives as SVG markup (decision 0032): shown as an <img> of a data URL, never
// inserted as HTML, so nothing in the markup can run or reach the page.

export function qrImageSource(markup: string | null): string | null {
  if (!markup) return null;
  const svg = markup.trim();
  if (!/^(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)?<svg[\s>]/i.test(svg)) return null;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The QR's lifetime in whole minutes, from the seconds left when it arrived. */
export function lifetimeMinutes(expireIn: number): number {
  return Math.max(1, Math.ceil(expireIn / 60));
}
