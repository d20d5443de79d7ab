// Normalisers of component properties (spec/storefront.md section 4, "Normalisers").
// Site builders hand components loosely typed values (strings, numbers, nulls);
// each normaliser turns one into a value of a closed set, with the spec's default.

function token(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

/** What a form does after submission: show an inline message (default) or redirect to an existing page. */
export type FormAction = 'message' | 'redirect';

export function normaliseFormAction(value: unknown): FormAction {
  const t = token(value).replace(/[\s_-]+/g, '');
  return t === 'redirect' || t === 'redirecttopage' || t === 'redirecttoexistingpage' ? 'redirect' : 'message';
}

export type Alignment = 'left' | 'center' | 'right';

/** left, center or right; default left. */
export function normaliseAlignment(value: unknown): Alignment {
  const t = token(value);
  return t === 'center' || t === 'right' ? t : 'left';
}

export type Direction = 'left' | 'right';

/** left or right; default left. */
export function normaliseDirection(value: unknown): Direction {
  return token(value) === 'right' ? 'right' : 'left';
}

export type Size = 'small' | 'medium' | 'large';

/** small, medium or large; default small. */
export function normaliseSize(value: unknown): Size {
  const t = token(value);
  return t === 'medium' || t === 'large' ? t : 'small';
}

export const COLUMN_PORTIONS = ['50%', '16.67%', '33.33%', '66.67%'] as const;
export type ColumnPortion = (typeof COLUMN_PORTIONS)[number];

/** One of 50%, 16.67%, 33.33%, 66.67% ("33.33" and 33.33 are read as "33.33%"); default 50%. */
export function normaliseColumnPortion(value: unknown): ColumnPortion {
  let text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (text !== '' && !text.endsWith('%')) text += '%';
  return (COLUMN_PORTIONS as readonly string[]).includes(text) ? (text as ColumnPortion) : '50%';
}

export const VISIBILITY_STATES = ['small', 'medium', 'large'] as const;
export type Visibility = (typeof VISIBILITY_STATES)[number];

/**
 * Responsive visibility states: the form factors (small = mobile, medium =
 * tablet, large = desktop) named in a list or a comma-separated string, in
 * canonical order, unknown names dropped.
 */
export function normaliseVisibility(value: unknown): Visibility[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const wanted = new Set(items.map(token));
  return VISIBILITY_STATES.filter((s) => wanted.has(s));
}
