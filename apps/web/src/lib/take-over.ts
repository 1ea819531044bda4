// Taking over a page the build rendered to HTML (decision 0155). The prerendered page is
// visible and fillable before the app runs; the app replaces it with its own render. What the
// visitor typed or ticked meanwhile (or a password manager filled in) and where the focus was
// are carried into the app's form, and an Enter pressed in it meanwhile (noted by
// public/after-paint.js) sends the app's form, so replacing the page loses nothing.

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** One named field's state in the prerendered page. */
interface FieldState {
  name: string;
  value: string;
  checked: boolean;
}

const FIELDS = 'input[name], select[name], textarea[name]';

/** Sets a field's value the way typing does, so React's onChange sees it. */
function setLikeTyping(field: Field, value: string): void {
  const proto = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(
    new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  );
}

/** Runs `updates` and commits the state they set before returning (the UI library's flushSync). */
type Commit = (updates: () => void) => void;

/**
 * Replaces the prerendered page in `container` by the app: `render` must commit the app's
 * page synchronously (flushSync), so no keystroke falls between reading the fields and
 * handing them to the app's fields of the same name. The values handed over are committed
 * through `commit` before a pending Enter sends the form: Preact renders state set from an
 * event a microtask later (decision 0158), and the form would be sent with the empty fields.
 */
export function replacePrerendered(
  container: HTMLElement,
  render: () => void,
  commit: Commit = (updates) => updates(),
): void {
  const handOver = readPrerendered(container, commit);
  render();
  container.removeAttribute('data-prerendered');
  container.removeAttribute('data-submit-pending');
  handOver(container);
}

/**
 * Reads the prerendered page's fields and focus; the answer, called once the app has
 * rendered into the same container, hands them to the app's fields of the same name.
 */
function readPrerendered(container: HTMLElement, commit: Commit): (rendered: HTMLElement) => void {
  const states: FieldState[] = [...container.querySelectorAll<Field>(FIELDS)].map((field) => ({
    name: field.name,
    value: field.value,
    checked: field instanceof HTMLInputElement && field.checked,
  }));
  const active = document.activeElement;
  const focused =
    active && container.contains(active) && 'name' in active ? String(active.name) : null;
  const submit = container.hasAttribute('data-submit-pending');
  return (rendered) => {
    const byName = new Map(
      [...rendered.querySelectorAll<Field>(FIELDS)].map((field) => [field.name, field]),
    );
    commit(() => {
      for (const state of states) {
        const field = byName.get(state.name);
        if (!field) continue;
        if (
          field instanceof HTMLInputElement &&
          (field.type === 'checkbox' || field.type === 'radio')
        ) {
          // A click runs React's onChange as the visitor's own tick would.
          if (field.checked !== state.checked) field.click();
        } else if (field.value !== state.value) {
          setLikeTyping(field, state.value);
        }
      }
    });
    if (focused) byName.get(focused)?.focus();
    if (submit)
      (byName.get(focused ?? '')?.form ?? rendered.querySelector('form'))?.requestSubmit();
  };
}
