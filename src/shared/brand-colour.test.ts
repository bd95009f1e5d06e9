import { describe, expect, it } from 'vitest';
import { checkBrandColor, contrastRatio, formatRatio, relativeLuminance } from './brand-colour';

describe('brand colour contrast (WCAG 2.x, decision record 045)', () => {
  it('gives the known luminances and ratios', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The well-known pair around AA: #777777 is 4.48:1 on white, #767676 4.54:1.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.478, 3);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.542, 3);
    // Order does not matter; pure red is 4.00:1, pure blue 8.59:1.
    expect(contrastRatio('#ffffff', '#ff0000')).toBeCloseTo(3.998, 3);
    expect(contrastRatio('#0000ff', '#ffffff')).toBeCloseTo(8.592, 3);
  });

  it('refuses #777777 with the ratio and the minimum, accepts #767676', () => {
    const refused = checkBrandColor('#777777');
    expect(refused).toMatchObject({ ok: false, reason: 'contrast', minimum: 4.5 });
    expect(refused.ok === false && refused.message).toContain('4.48:1');
    expect(refused.ok === false && refused.message).toContain('4.5:1');
    expect(checkBrandColor('#767676')).toMatchObject({ ok: true });
    expect(checkBrandColor('#1F5132')).toMatchObject({ ok: true });
    expect(checkBrandColor('#ffff00')).toMatchObject({ ok: false, reason: 'contrast' });
  });

  it('refuses anything but # and six hex digits', () => {
    for (const bad of ['777777', '#777', '#7777777', '#gggggg', 'red', '', ' #767676']) {
      expect(checkBrandColor(bad)).toMatchObject({ ok: false, reason: 'format' });
    }
  });

  it('shows two decimals, rounding down only a refused ratio that would read 4.50', () => {
    expect(formatRatio(4.4999)).toBe('4.49');
    expect(formatRatio(4.542)).toBe('4.54');
    expect(formatRatio(4.478)).toBe('4.48');
  });
});
