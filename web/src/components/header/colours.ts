// Header colours from the store settings (spec section 3: headerBackgroundColor,
// promoBarBackgroundColor; section 5: hex colours are 6 digits).

export const DEFAULT_HEADER_BACKGROUND = '#1B2A41';
export const DEFAULT_PROMO_BAR_BACKGROUND = '#C23934';

const HEX = /^#[0-9a-f]{6}$/i;

/** A #RRGGBB colour, or the fallback for anything else. */
export function hexColourOr(value: string | null | undefined, fallback: string): string {
  const v = (value ?? '').trim();
  return HEX.test(v) ? v.toUpperCase() : fallback;
}

function channel(hex: string, at: number): number {
  const c = parseInt(hex.slice(at, at + 2), 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #RRGGBB colour. */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** WCAG contrast ratio of two #RRGGBB colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black text, whichever reads better on the background. */
export function readableTextColour(background: string): '#FFFFFF' | '#181818' {
  return contrastRatio(background, '#FFFFFF') >= contrastRatio(background, '#181818') ? '#FFFFFF' : '#181818';
}
