/** Account number grouped 3-3-rest (spec section 2, "Profile"): 1234567890 -> 123-456-7890. */
export function groupAccountNumber(accountNo: string): string {
  const digits = accountNo.replace(/\s|-/g, '');
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** DD/MM/YYYY HH:mm:ss in the browser's time zone (spec section 9, "Date display"). */
export function formatDateTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}
