/**
 * ISO 4217 minor units. Amounts are integers in the currency's minor unit (cents, fils, yen) and always travel
 * with their currency; two currencies are never added (docs/decisions/013-commission-currencies.md).
 */
const ZERO_DECIMALS = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const THREE_DECIMALS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);
const FOUR_DECIMALS = new Set(['CLF', 'UYW']);

export const DEFAULT_CURRENCY = 'USD';

/** A well-formed ISO 4217 alphabetic code (three upper-case letters), upper-casing what stores send. */
export function normaliseCurrency(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : null;
}

/** Decimals of the currency's minor unit: 0 (JPY), 2 (USD, CAD), 3 (KWD) or 4 (CLF). */
export function minorUnitDigits(currency: string): number {
  if (ZERO_DECIMALS.has(currency)) return 0;
  if (THREE_DECIMALS.has(currency)) return 3;
  if (FOUR_DECIMALS.has(currency)) return 4;
  return 2;
}

/** Largest amount we accept, in minor units: inside a 32-bit integer column. */
export const MAX_MINOR_UNITS = 2_000_000_000;

/**
 * "29.350" KWD -> 29350; "1500" JPY -> 1500; "12.5" USD -> 1250. Trailing zeros past the minor unit are
 * accepted ("1500.00" JPY), real extra precision is not (null), nor negatives, exponents or huge values.
 */
export function parseMinorUnits(value: unknown, currency: string): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = /^(\d{1,12})(?:\.(\d{1,12}))?$/.exec(text);
  if (!match) return null;
  const digits = minorUnitDigits(currency);
  const fraction = match[2] ?? '';
  if (fraction.length > digits && /[^0]/.test(fraction.slice(digits))) return null;
  const minor = Number(match[1]) * 10 ** digits + Number(fraction.slice(0, digits).padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) && minor <= MAX_MINOR_UNITS ? minor : null;
}

/** 29350 KWD -> "29.350"; 1500 JPY -> "1500"; -1250 USD -> "-12.50". */
export function formatMinorUnits(minor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const scale = 10 ** digits;
  return `${sign}${Math.floor(abs / scale)}.${String(abs % scale).padStart(digits, '0')}`;
}

/** "KWD 29.350", the way the app shows money everywhere a currency may differ from USD. */
export function formatMoney(minor: number, currency: string): string {
  return `${currency} ${formatMinorUnits(minor, currency)}`;
}

/** Per-currency totals of amounts in several currencies, never added across currencies. */
export function totalsByCurrency(items: { amountMinor: number; currency: string }[]): { currency: string; minor: number }[] {
  const totals = new Map<string, number>();
  for (const item of items) totals.set(item.currency, (totals.get(item.currency) ?? 0) + item.amountMinor);
  return [...totals].map(([currency, minor]) => ({ currency, minor })).sort((a, b) => a.currency.localeCompare(b.currency));
}
