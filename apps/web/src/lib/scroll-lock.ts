// Page scroll lock while a dialog is open (spec: conditions modal). Counted, so nested
// dialogs release the page only when the last one closes.
let locks = 0;
let saved = '';

export function lockScroll(): () => void {
  if (locks === 0) {
    saved = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.body.dataset.scrollLocked = 'true';
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) {
      document.body.style.overflow = saved;
      delete document.body.dataset.scrollLocked;
    }
  };
}
