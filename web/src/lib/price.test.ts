import { describe, expect, it } from 'vitest';
import { compareDecimals, formatPrice, parseDecimal, priceDisplay, shouldShowDiscount, shouldShowOriginalPrice } from './price';

describe('decimals', () => {
  it('parses decimal strings and numbers exactly', () => {
    expect(parseDecimal('250.00')).toEqual({ negative: false, int: '250', frac: '' });
    expect(parseDecimal('-0.50')).toEqual({ negative: true, int: '0', frac: '5' });
    expect(parseDecimal('-0.00')?.negative).toBe(false);
    expect(parseDecimal(12.5)).toEqual({ negative: false, int: '12', frac: '5' });
    for (const v of ['', 'abc', '1e3', '1.2.3', null, undefined, NaN, {}]) expect(parseDecimal(v)).toBeNull();
  });
  it('compares without floating point', () => {
    expect(compareDecimals('0.30', '0.3')).toBe(0);
    expect(compareDecimals('10.00', '9.99')).toBe(1);
    expect(compareDecimals('9.99', '10')).toBe(-1);
    expect(compareDecimals('-1', '-2')).toBe(1);
    expect(compareDecimals('12345678901234567890.01', '12345678901234567890.02')).toBe(-1);
    expect(compareDecimals('x', '1')).toBeNull();
  });
});

describe('shouldShowDiscount', () => {
  it('is true only for a negative number', () => {
    expect(shouldShowDiscount('-5.00')).toBe(true);
    expect(shouldShowDiscount(-0.01)).toBe(true);
    for (const v of ['0', '-0.00', '5.00', 3, 'free', null, undefined, '']) expect(shouldShowDiscount(v)).toBe(false);
  });
});

describe('shouldShowOriginalPrice', () => {
  it('shows when both are non-negative and the original is larger', () => {
    expect(shouldShowOriginalPrice('5.99', '5.51')).toBe(true);
    expect(shouldShowOriginalPrice('10', '0')).toBe(true);
  });
  it('hides when equal, smaller, negative or missing', () => {
    expect(shouldShowOriginalPrice('5.99', '5.99')).toBe(false);
    expect(shouldShowOriginalPrice('5.990', '5.99')).toBe(false);
    expect(shouldShowOriginalPrice('4.00', '5.00')).toBe(false);
    expect(shouldShowOriginalPrice('-1', '-2')).toBe(false);
    expect(shouldShowOriginalPrice('10', '-2')).toBe(false);
    expect(shouldShowOriginalPrice(null, '5')).toBe(false);
    expect(shouldShowOriginalPrice('10', undefined)).toBe(false);
  });
});

describe('formatPrice / priceDisplay', () => {
  it('formats decimal strings in the currency', () => {
    expect(formatPrice('5.51', 'USD')).toBe('$5.51');
    expect(formatPrice('1234.5', 'USD')).toBe('$1,234.50');
    expect(formatPrice('9007199254740993.10', 'USD')).toBe('$9,007,199,254,740,993.10');
    expect(formatPrice('x', 'USD')).toBe('');
    expect(formatPrice('12.00', 'EUR', 'en-US')).toBe('€12.00');
  });
  it('pairs the current price with the original only by the rule', () => {
    expect(priceDisplay('5.51', '5.99', 'USD')).toEqual({ current: '$5.51', original: '$5.99' });
    expect(priceDisplay('5.99', '5.99', 'USD')).toEqual({ current: '$5.99', original: null });
    expect(priceDisplay(undefined, '5.99', 'USD')).toBeNull();
  });
});

import { discountAmount, subtractDecimals } from './price';

describe('subtractDecimals / discountAmount', () => {
  it('subtracts exactly', () => {
    expect(subtractDecimals('5.51', '5.99')).toBe('-0.48');
    expect(subtractDecimals('10', '0.1')).toBe('9.9');
    expect(subtractDecimals('0.30', '0.1')).toBe('0.20');
    expect(subtractDecimals('-1.5', '1.25')).toBe('-2.75');
    expect(subtractDecimals('x', '1')).toBeNull();
  });
  it('gives a negative discount only when the original is larger', () => {
    expect(discountAmount('5.51', '5.99')).toBe('-0.48');
    expect(discountAmount('5.99', '5.99')).toBeNull();
    expect(discountAmount('6.00', '5.99')).toBeNull();
    expect(discountAmount('5.00', null)).toBeNull();
  });
});
