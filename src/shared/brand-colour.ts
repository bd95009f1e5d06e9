// One contrast rule for the brand colour (decision record 045), run by the server on save and by the settings form
// as the owner types, so both always give the same answer with the same figures.

/** `#rrggbb`, the only form stored (a 3-digit or named colour is refused: one spelling, one stored value). */
export const BRAND_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** WCAG 2.x AA for normal text (success criterion 1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;

/** The brand colour is used as a background for white text (buttons, the banner) and as text on white. */
export const BRAND_TEXT_COLOR = '#ffffff';

function channel(value: number): number {
  const c = value / 255;
  // WCAG 2.x's sRGB linearisation (the 0.03928 threshold of the 2.x text; 0.04045 gives the same result on 8-bit values).
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a `#rrggbb` colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 0xff) + 0.7152 * channel((n >> 8) & 0xff) + 0.0722 * channel(n & 0xff);
}

/** (L1 + 0.05) / (L2 + 0.05), lighter over darker: 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * Two decimals for display (#777777 reads 4.48); a ratio just under the minimum (4.499) is rounded down instead, so
 * it never reads "4.50" next to a refusal.
 */
export function formatRatio(ratio: number): string {
  const rounded = Math.round(ratio * 100) / 100;
  return (ratio < MIN_TEXT_CONTRAST && rounded >= MIN_TEXT_CONTRAST ? Math.floor(ratio * 100) / 100 : rounded).toFixed(2);
}

export type BrandColorCheck =
  | { ok: true; ratio: number }
  | { ok: false; reason: 'format'; message: string }
  | { ok: false; reason: 'contrast'; ratio: number; minimum: number; message: string };

/** Whether `color` may be a brand colour: a `#rrggbb` value with at least 4.5:1 against white text. */
export function checkBrandColor(color: string): BrandColorCheck {
  if (!BRAND_COLOR_PATTERN.test(color)) return { ok: false, reason: 'format', message: 'Enter the colour as # and six hex digits, e.g. #1f5132' };
  const ratio = contrastRatio(color.toLowerCase(), BRAND_TEXT_COLOR);
  if (ratio >= MIN_TEXT_CONTRAST) return { ok: true, ratio };
  return {
    ok: false,
    reason: 'contrast',
    ratio,
    minimum: MIN_TEXT_CONTRAST,
    message: `This colour has a contrast of ${formatRatio(ratio)}:1 with white text; at least ${MIN_TEXT_CONTRAST}:1 is needed (WCAG AA) so text on it stays readable. Choose a darker colour.`,
  };
}
