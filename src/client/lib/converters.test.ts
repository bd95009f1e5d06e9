import { describe, expect, it } from 'vitest';
import { basisPointsConversion, commaListConversion, formatRate, moneyConversion } from './converters';

describe('form conversions', () => {
  it('reads money in the currency’s own decimals as minor units and shows it back', () => {
    const usd = moneyConversion('USD');
    expect(usd.fromText('150')).toBe(15_000);
    expect(usd.fromText('12.5')).toBe(1_250);
    expect(usd.toText(15_000)).toBe('150.00');
    expect(moneyConversion('JPY').fromText('1500')).toBe(1_500);
    expect(moneyConversion('kwd').fromText('1.250')).toBe(1_250);
  });

  it('answers NaN for money it cannot read, so the schema’s message shows', () => {
    const usd = moneyConversion('USD');
    for (const text of ['', ' ', 'abc', '1.234', '-5', '1e3']) expect(usd.fromText(text)).toBeNaN();
    expect(usd.toText(NaN)).toBe('');
  });

  it('keeps one conversion per currency, so a field does not convert again on every render', () => {
    expect(moneyConversion('USD')).toBe(moneyConversion('usd'));
    expect(moneyConversion('USD')).not.toBe(moneyConversion('CAD'));
  });

  it('reads a percent as basis points and writes rates back', () => {
    expect(basisPointsConversion.fromText('12.5')).toBe(1_250);
    expect(basisPointsConversion.fromText('0.01')).toBe(1);
    expect(basisPointsConversion.fromText('12.345')).toBeNaN();
    expect(basisPointsConversion.toText(1_250)).toBe('12.5');
    expect(formatRate(1_000)).toBe('10%');
  });

  it('reads a comma-separated list without empty items', () => {
    expect(commaListConversion.fromText(' waders, decoys ,, ')).toEqual(['waders', 'decoys']);
    expect(commaListConversion.toText(['waders', 'decoys'])).toBe('waders, decoys');
  });
});
