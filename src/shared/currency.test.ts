import { describe, expect, it } from 'vitest';
import { formatMinorUnits, minorUnitDigits, normaliseCurrency, parseMinorUnits } from './currency';

describe('ISO 4217 minor units', () => {
  it('knows 0, 2 and 3 decimal currencies', () => {
    expect([minorUnitDigits('JPY'), minorUnitDigits('USD'), minorUnitDigits('CAD'), minorUnitDigits('KWD'), minorUnitDigits('BHD')]).toEqual([0, 2, 2, 3, 3]);
  });

  it('parses amounts into integer minor units of their currency', () => {
    expect(parseMinorUnits('29.350', 'KWD')).toBe(29350);
    expect(parseMinorUnits('29.35', 'KWD')).toBe(29350);
    expect(parseMinorUnits('1500', 'JPY')).toBe(1500);
    expect(parseMinorUnits('1500.00', 'JPY')).toBe(1500);
    expect(parseMinorUnits('12.5', 'USD')).toBe(1250);
    expect(parseMinorUnits(94.76, 'USD')).toBe(9476);
    expect(parseMinorUnits('150.0000', 'USD')).toBe(15000);
  });

  it('refuses extra precision, negatives, exponents, huge values and non-numbers', () => {
    for (const [value, currency] of [['12.345', 'USD'], ['1500.5', 'JPY'], ['1.2345', 'KWD'], ['-1.00', 'USD'], ['1e5', 'USD'], ['99999999999', 'USD'], [true, 'USD'], [null, 'USD'], ['12\u0000', 'USD'], [Number.NaN, 'USD']] as const) {
      expect(parseMinorUnits(value, currency)).toBeNull();
    }
  });

  it('formats with the currency decimals and normalises codes', () => {
    expect([formatMinorUnits(29350, 'KWD'), formatMinorUnits(1500, 'JPY'), formatMinorUnits(-1250, 'USD')]).toEqual(['29.350', '1500', '-12.50']);
    expect([normaliseCurrency(' cad '), normaliseCurrency('US'), normaliseCurrency(5)]).toEqual(['CAD', null, null]);
  });
});
