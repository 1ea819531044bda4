// CSV files that Excel opens as they are (decision 0094): UTF-8 with a byte-order mark (or
// Excel reads Thai as mojibake), CRLF line ends, RFC 4180 quoting, and text cells that Excel
// would run as a formula (= + - @, or a tab / carriage return first) prefixed with a quote.
// Numbers are written as numbers: a negative figure is a number to Excel, not a formula.

export type CsvCell = string | number | boolean | null;

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell's text. */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a CSV number: ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The whole file: BOM, one CRLF-terminated line per row. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return BOM + rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
