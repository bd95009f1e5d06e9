import { formatMinorUnits, parseMinorUnits } from '@shared/currency';

/** How a ConvertedField shows a value of the form and reads it back. */
export type Conversion<V> = { toText(value: V): string; fromText(text: string): V };

const moneyByCurrency = new Map<string, Conversion<number>>();

/** Money typed as "150.00" (in the currency's own decimals) and kept as integer minor units; unreadable text is NaN. */
export function moneyConversion(currency: string): Conversion<number> {
  const code = /^[A-Z]{3}$/.test(currency.toUpperCase()) ? currency.toUpperCase() : 'USD';
  let conversion = moneyByCurrency.get(code);
  if (!conversion) {
    conversion = {
      toText: (minor) => (Number.isFinite(minor) ? formatMinorUnits(minor, code) : ''),
      fromText: (text) => (text.trim() === '' ? NaN : (parseMinorUnits(text, code) ?? NaN)),
    };
    moneyByCurrency.set(code, conversion);
  }
  return conversion;
}

const percentText = (bps: number) => String(Number((bps / 100).toFixed(2)));

/** A rate in basis points as a percent: 1250 -> "12.5%". */
export const formatRate = (bps: number): string => `${percentText(bps)}%`;

/** A percent typed as "12.5" and kept as basis points (1250); unreadable text is NaN. */
export const basisPointsConversion: Conversion<number> = {
  toText: (bps) => (Number.isFinite(bps) ? percentText(bps) : ''),
  fromText: (text) => (/^\d{1,3}(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : NaN),
};

/** A list typed as "waders, decoys" and kept as ["waders", "decoys"]. */
export const commaListConversion: Conversion<string[]> = {
  toText: (items) => items.join(', '),
  fromText: (text) => text.split(',').map((item) => item.trim()).filter(Boolean),
};
