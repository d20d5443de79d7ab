import { describe, expect, it } from 'vitest';
import { availableUnits, shortfallMessage, stockNote } from './stock';

describe('stock rules', () => {
  it('reads the units available, none when the store does not track them', () => {
    expect(availableUnits({ availableToOrder: '2', inStock: true })).toBe(2);
    expect(availableUnits({ availableToOrder: '0', inStock: false })).toBe(0);
    expect(availableUnits({ availableToOrder: null, inStock: true })).toBeNull();
    expect(availableUnits({ inStock: false })).toBe(0);
    expect(availableUnits(undefined)).toBeNull();
  });

  it('says what to do when a line holds more than the stock, and nothing otherwise', () => {
    expect(stockNote(2, 2)).toBeNull();
    expect(stockNote(5, null)).toBeNull();
    expect(stockNote(3, 1)).toBe('Only 1 left in stock. Lower the quantity to 1 to check out.');
    expect(stockNote(3, 0)).toBe('Out of stock. Remove it from your cart to check out.');
  });

  it('sums up the products just added beyond their stock', () => {
    expect(shortfallMessage([])).toBeNull();
    expect(shortfallMessage([{ name: 'Pen', available: 1 }])).toBe(
      'Not enough stock: only 1 of Pen is in stock. Change the quantity in your cart before you check out.',
    );
    expect(shortfallMessage([{ name: 'Pen', available: 2 }, { name: 'Ink', available: 0 }])).toBe(
      'Not enough stock: only 2 of Pen are in stock; and Ink is out of stock. Change the quantity in your cart before you check out.',
    );
  });
});
