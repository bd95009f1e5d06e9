import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitByWeight } from './split';
import { zonedDate, zonedToUtc } from './zoned-time';

describe('splitByWeight', () => {
  it('sums exactly to the whole for any amount and weights; ties go to the lowest id', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), fc.array(fc.integer({ min: 0, max: 44_640 }), { minLength: 1, maxLength: 50 }), (total, weights) => {
        const shares = splitByWeight(total, weights.map((weight, i) => ({ id: i + 1, weight })));
        expect(shares.reduce((sum, s) => sum + s.share, 0)).toBe(total);
        expect(shares.every((s) => s.share >= 0 && Number.isInteger(s.share))).toBe(true);
      }),
    );
    expect(splitByWeight(1000, [{ id: 9, weight: 1 }, { id: 3, weight: 1 }, { id: 5, weight: 1 }]).map((s) => s.share)).toEqual([333, 334, 333]);
    expect(splitByWeight(7, [{ id: 1, weight: 0 }, { id: 2, weight: 0 }]).map((s) => s.share)).toEqual([4, 3]);
  });
});

describe('zoned time', () => {
  it('turns a place’s wall clock into UTC across DST and back into the place’s day', () => {
    expect(zonedToUtc('2027-03-14', '01:30', 'America/Denver').toISOString()).toBe('2027-03-14T08:30:00.000Z');
    expect(zonedToUtc('2027-03-14', '03:30', 'America/Denver').toISOString()).toBe('2027-03-14T09:30:00.000Z');
    expect(zonedToUtc('2027-01-15', '24:00', 'Europe/Berlin').toISOString()).toBe('2027-01-15T23:00:00.000Z');
    expect(zonedToUtc('2027-06-01', '09:00', 'UTC').toISOString()).toBe('2027-06-01T09:00:00.000Z');
    expect(zonedDate(new Date('2027-01-16T06:59:00Z'), 'America/Denver')).toBe('2027-01-15');
  });
});
