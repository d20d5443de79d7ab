// Spacing is limited to a set of size names; the default is none (spec section 2).

export const SPACING_SIZES = ['none', 'xxx-small', 'xx-small', 'x-small', 'small', 'medium', 'large', 'x-large', 'xx-large'] as const;
export type Spacing = (typeof SPACING_SIZES)[number];

/** The rem value of each size. */
export const SPACING_REM: Record<Spacing, number> = {
  none: 0,
  'xxx-small': 0.125,
  'xx-small': 0.25,
  'x-small': 0.5,
  small: 0.75,
  medium: 1,
  large: 1.5,
  'x-large': 2,
  'xx-large': 3,
};

export function normaliseSpacing(value: unknown): Spacing {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (SPACING_SIZES as readonly string[]).includes(v) ? (v as Spacing) : 'none';
}
