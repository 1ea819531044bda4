// Copy to the clipboard. The async Clipboard API exists only in secure contexts (https or
// localhost); on a plain-http LAN address the old execCommand('copy') on a hidden textarea
// still works inside a click, so it is the fallback.

function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // Off screen, and no zoom on iOS (font size under 16 px zooms the page).
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.fontSize = '16px';
  document.body.appendChild(area);
  const previous = document.activeElement as HTMLElement | null;
  area.select();
  area.setSelectionRange(0, text.length);
  let ok = false;
  try {
    ok = typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    ok = false;
  } finally {
    area.remove();
    previous?.focus?.();
  }
  return ok;
}

/** Copies `text`; true when it worked. */
export async function copyText(text: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, not focused): try the old way below.
    }
  }
  return legacyCopy(text);
}
