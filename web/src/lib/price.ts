// Price display rules (spec/storefront.md section 5). Amounts arrive as
// decimal strings ("250.00"); they are compared as exact decimals, never as
// floating point, and formatted from the string.

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

interface Decimal {
  negative: boolean;
  int: string; // no leading zeros ('0' for zero)
  frac: string; // no trailing zeros
}

/** Parses a decimal string or a finite number; null for anything else. */
export function parseDecimal(value: unknown): Decimal | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
    if (/e/i.test(text)) return null;
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const int = m[2].replace(/^0+(?=\d)/, '');
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const zero = int === '0' && frac === '';
  return { negative: m[1] === '-' && !zero, int, frac };
}

function compareMagnitude(a: Decimal, b: Decimal): number {
  if (a.int.length !== b.int.length) return a.int.length < b.int.length ? -1 : 1;
  if (a.int !== b.int) return a.int < b.int ? -1 : 1;
  const len = Math.max(a.frac.length, b.frac.length);
  const fa = a.frac.padEnd(len, '0');
  const fb = b.frac.padEnd(len, '0');
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}

/** Compares two decimals: -1, 0 or 1; null when either is not a number. */
export function compareDecimals(a: unknown, b: unknown): number | null {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y) return null;
  if (x.negative !== y.negative) return x.negative ? -1 : 1;
  const m = compareMagnitude(x, y);
  return x.negative ? -m : m;
}

function isNonNegative(v: unknown): boolean {
  const d = parseDecimal(v);
  return d !== null && !d.negative;
}

/** A discount shows only when its value is a negative number. */
export function shouldShowDiscount(value: unknown): boolean {
  const d = parseDecimal(value);
  return d !== null && d.negative;
}

/**
 * An original (strike-through) price shows only when both prices are
 * non-negative numbers and the original is larger than the current price.
 */
export function shouldShowOriginalPrice(original: unknown, current: unknown): boolean {
  return isNonNegative(original) && isNonNegative(current) && compareDecimals(original, current) === 1;
}

/** The canonical decimal string of a value ("5.50" stays "5.50"); null when not a number. */
function decimalText(value: unknown): string | null {
  if (parseDecimal(value) === null) return null;
  return typeof value === 'number' ? String(value) : (value as string).trim();
}

/**
 * Formats an amount in a currency ("$1,234.50"). The decimal string is handed
 * to Intl as a string, so no precision is lost. Returns '' for a missing or
 * non-numeric amount.
 */
export function formatPrice(amount: unknown, currency = 'USD', locale = 'en-US'): string {
  const text = decimalText(amount);
  if (text === null) return '';
  try {
    const fmt = new Intl.NumberFormat(locale, { style: 'currency', currency });
    // Intl accepts decimal strings (ES2023); the cast only satisfies older lib typings.
    return fmt.format(text as unknown as number);
  } catch {
    return `${text} ${currency}`;
  }
}

/** What a price block shows: the current price and, by the rules above, the original price. */
export interface PriceDisplay {
  current: string;
  original: string | null;
}

export function priceDisplay(current: unknown, original: unknown, currency = 'USD', locale = 'en-US'): PriceDisplay | null {
  const cur = formatPrice(current, currency, locale);
  if (cur === '') return null;
  return {
    current: cur,
    original: shouldShowOriginalPrice(original, current) ? formatPrice(original, currency, locale) : null,
  };
}

function toScaled(d: Decimal, scale: number): bigint {
  const digits = BigInt(d.int + d.frac.padEnd(scale, '0'));
  return d.negative ? -digits : digits;
}

function fromScaled(n: bigint, scale: number): string {
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${int}${scale > 0 ? `.${frac}` : ''}`;
}

/** a - b exactly, with the larger number of decimals of the two ("5.51" - "5.99" = "-0.48"); null when either is not a number. */
export function subtractDecimals(a: unknown, b: unknown): string | null {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y) return null;
  const textScale = (v: unknown) => {
    const m = /\.(\d+)$/.exec(String(v).trim());
    return m ? m[1].length : 0;
  };
  const scale = Math.max(textScale(a), textScale(b), x.frac.length, y.frac.length);
  return fromScaled(toScaled(x, scale) - toScaled(y, scale), scale);
}

/**
 * The discount of a current price against an original one, as a negative
 * amount ("-0.48"); null when there is none. It shows only when negative.
 */
export function discountAmount(current: unknown, original: unknown): string | null {
  if (!shouldShowOriginalPrice(original, current)) return null;
  const d = subtractDecimals(current, original);
  return d !== null && shouldShowDiscount(d) ? d : null;
}
