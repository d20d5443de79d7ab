import { describe, expect, it } from 'vitest';
import { checkQuantity, describeQuantityRule, hasQuantityRule, normaliseQuantityRule, quantityMessage, stepQuantity } from './quantity';

describe('quantity rules', () => {
  const steps5 = normaliseQuantityRule({ minimum: '5', maximum: '500', increment: '5' });
  const upTo10 = normaliseQuantityRule({ minimum: '1', maximum: '10', increment: '1' });
  const none = normaliseQuantityRule(null);

  it('reads string bounds; defaults are minimum 1, increment 1, no maximum', () => {
    expect(steps5).toEqual({ minimum: 5, maximum: 500, increment: 5 });
    expect(none).toEqual({ minimum: 1, maximum: null, increment: 1 });
    expect(normaliseQuantityRule({ minimum: '0', maximum: 'x', increment: '-2' })).toEqual(none);
    expect(normaliseQuantityRule({ minimum: '10', maximum: '5' })).toEqual({ minimum: 10, maximum: null, increment: 1 });
    expect(hasQuantityRule(none)).toBe(false);
    expect(hasQuantityRule(upTo10)).toBe(true);
  });

  it('checks quantities against the rule', () => {
    expect(checkQuantity(5, steps5)).toBeNull();
    expect(checkQuantity('500', steps5)).toBeNull();
    expect(checkQuantity(3, steps5)).toBe('belowMinimum');
    expect(checkQuantity(505, steps5)).toBe('aboveMaximum');
    expect(checkQuantity(12, steps5)).toBe('notIncrement');
    expect(checkQuantity('1.5', none)).toBe('notNumber');
    expect(checkQuantity('', none)).toBe('notNumber');
    expect(checkQuantity(11, upTo10)).toBe('aboveMaximum');
    expect(quantityMessage('notIncrement', steps5)).toBe('Order in multiples of 5, starting at 5.');
    expect(quantityMessage('aboveMaximum', upTo10)).toBe('The maximum quantity is 10.');
  });

  it('steps to the next valid quantity within bounds', () => {
    expect(stepQuantity(5, steps5, 1)).toBe(10);
    expect(stepQuantity(12, steps5, 1)).toBe(15);
    expect(stepQuantity(12, steps5, -1)).toBe(10);
    expect(stepQuantity(10, steps5, -1)).toBe(5);
    expect(stepQuantity(5, steps5, -1)).toBe(5);
    expect(stepQuantity(500, steps5, 1)).toBe(500);
    expect(stepQuantity(2, steps5, 1)).toBe(5);
    expect(stepQuantity(10, upTo10, 1)).toBe(10);
    expect(stepQuantity(NaN, upTo10, 1)).toBe(1);
    expect(stepQuantity(7, normaliseQuantityRule({ minimum: 2, maximum: 11, increment: 3 }), 1)).toBe(8);
    expect(stepQuantity(11, normaliseQuantityRule({ minimum: 2, maximum: 11, increment: 3 }), 1)).toBe(11);
  });

  it('describes the rule', () => {
    expect(describeQuantityRule(steps5)).toBe('Minimum 5 · Maximum 500 · In multiples of 5');
    expect(describeQuantityRule(upTo10)).toBe('Maximum 10');
    expect(describeQuantityRule(none)).toBe('');
  });
});
