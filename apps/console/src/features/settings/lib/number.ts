/** A number field's text as a number ('' and junk: NaN, refused by the server as KEY_INVALID). */
export const num = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));
