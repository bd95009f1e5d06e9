import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isoInstant } from './rows';

describe('isoInstant', () => {
  it("writes PostgreSQL's UTC timestamptz text as Date#toISOString would, to the millisecond", () => {
    expect(isoInstant('2026-11-25 14:21:27.123456+00')).toBe('2026-11-25T14:21:27.123Z');
    expect(isoInstant('2026-11-25 14:21:27.1+00')).toBe('2026-11-25T14:21:27.100Z');
    expect(isoInstant('2026-11-25 14:21:27+00')).toBe('2026-11-25T14:21:27.000Z');
    expect(isoInstant('2024-02-29 23:59:59.999999+00')).toBe('2024-02-29T23:59:59.999Z');
  });

  it('takes any other form through Date: another offset, a Date', () => {
    expect(isoInstant('2026-11-25 15:21:27.5+01')).toBe('2026-11-25T14:21:27.500Z');
    expect(isoInstant('2026-11-25 09:51:27+05:30')).toBe('2026-11-25T04:21:27.000Z');
    expect(isoInstant(new Date(Date.UTC(2026, 10, 25, 14, 21, 27, 7)))).toBe('2026-11-25T14:21:27.007Z');
  });

  it('agrees with Date for every instant PostgreSQL can write in UTC (years 1000 to 9999, 0 to 6 fraction digits)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 6 }), (date, micros, digits) => {
        const [day, time] = date.toISOString().slice(0, 19).split('T');
        const fraction = `${String(date.getUTCMilliseconds()).padStart(3, '0')}${String(micros).padStart(3, '0')}`.slice(0, digits).replace(/0+$/, '');
        const text = `${day} ${time}${fraction ? `.${fraction}` : ''}+00`;
        expect(isoInstant(text)).toBe(new Date(text).toISOString());
      }),
      { numRuns: 2000 },
    );
  });
});
