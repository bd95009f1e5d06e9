/**
 * CSV as spreadsheets read it (RFC 4180: comma-separated, CRLF lines, fields with a comma, quote or line break
 * quoted and their quotes doubled). A text cell that a spreadsheet would run as a formula (starting with =, +, -, @,
 * tab or carriage return) gets a leading apostrophe: a description typed by someone else must never execute in the
 * reader's spreadsheet (OWASP "CSV injection"). Numbers are passed as numbers and left alone.
 */
export type CsvCell = string | number | null | DecimalCell;
/** A decimal number kept as written ("-5.00", "2.935"): spreadsheets read it as a number, trailing zeros and all. */
export type DecimalCell = { decimal: string };

const FORMULA_START = /^[=+\-@\t\r]/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

export function decimal(text: string): DecimalCell {
  if (!DECIMAL.test(text)) throw new Error('Not a decimal number');
  return { decimal: text };
}

function cell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'object') return value.decimal;
  const text = typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
