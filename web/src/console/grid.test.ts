import { describe, expect, it } from 'vitest';
import { clampWidth, keyedWidth, moveCell, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './grid';
import { allowedValues } from './fields';
import { nameOf } from './shared';

describe('moveCell', () => {
  const at = { row: 1, col: 1 };
  it('moves one cell with the arrows and stops at the edges', () => {
    expect(moveCell(at, 'ArrowDown', 3, 3)).toEqual({ row: 2, col: 1 });
    expect(moveCell(at, 'ArrowUp', 3, 3)).toEqual({ row: 0, col: 1 });
    expect(moveCell(at, 'ArrowRight', 3, 3)).toEqual({ row: 1, col: 2 });
    expect(moveCell(at, 'ArrowLeft', 3, 3)).toEqual({ row: 1, col: 0 });
    expect(moveCell({ row: 2, col: 2 }, 'ArrowDown', 3, 3)).toEqual({ row: 2, col: 2 });
    expect(moveCell({ row: 0, col: 0 }, 'ArrowLeft', 3, 3)).toEqual({ row: 0, col: 0 });
  });
  it('jumps with Home, End and the page keys', () => {
    expect(moveCell(at, 'Home', 3, 4)).toEqual({ row: 1, col: 0 });
    expect(moveCell(at, 'End', 3, 4)).toEqual({ row: 1, col: 3 });
    expect(moveCell(at, 'PageDown', 30, 4, 10)).toEqual({ row: 11, col: 1 });
    expect(moveCell({ row: 5, col: 0 }, 'PageUp', 30, 4, 10)).toEqual({ row: 0, col: 0 });
  });
  it('ignores other keys', () => {
    expect(moveCell(at, 'Enter', 3, 3)).toBeNull();
    expect(moveCell(at, 'a', 3, 3)).toBeNull();
  });
});

describe('column widths', () => {
  it('are whole pixels within the limits', () => {
    expect(clampWidth(10)).toBe(MIN_COLUMN_WIDTH);
    expect(clampWidth(5000)).toBe(MAX_COLUMN_WIDTH);
    expect(clampWidth(123.6)).toBe(124);
  });
  it('change by 10 px per arrow key, 50 with Shift, and not for other keys', () => {
    expect(keyedWidth(200, 'ArrowRight', false)).toBe(210);
    expect(keyedWidth(200, 'ArrowLeft', true)).toBe(150);
    expect(keyedWidth(65, 'ArrowLeft', false)).toBe(MIN_COLUMN_WIDTH);
    expect(keyedWidth(200, 'ArrowUp', false)).toBeNull();
  });
});

describe('allowedValues', () => {
  const field = {
    controllerValues: { US: 0, CA: 1 },
    values: [
      { label: 'Texas', value: 'TX', validFor: [0] },
      { label: 'Ontario', value: 'ON', validFor: [1] },
      { label: 'Both', value: 'B', validFor: [0, 1] },
    ],
  };
  it('offers only the values valid for the controlling value', () => {
    expect(allowedValues(field, 'US').map((v) => v.value)).toEqual(['TX', 'B']);
    expect(allowedValues(field, 'CA').map((v) => v.value)).toEqual(['ON', 'B']);
    expect(allowedValues(field, 'MX')).toEqual([]);
  });
  it('offers every value of an independent picklist', () => {
    expect(allowedValues({ controllerValues: {}, values: field.values }, 'x')).toHaveLength(3);
  });
});

describe('nameOf', () => {
  const field = (value: unknown, displayValue: string | null = null) => ({ value, displayValue });
  const parent = (apiName: string, name: string) => field({ apiName, id: 'x', fields: { Name: field(name) } }, name);
  const rec = (fields: Record<string, unknown>) => ({ apiName: 'PricebookEntry', id: '01u000000000001AAA', fields }) as never;

  it('names a record by its name field, else by the records it points at (not its owner), else by its id', () => {
    expect(nameOf(rec({ Name: field('Acme') }))).toBe('Acme');
    expect(nameOf(rec({ CaseNumber: field('00001001') }), ['CaseNumber'])).toBe('00001001');
    const entry = { Pricebook2: parent('Pricebook2', 'Standard Price Book'), Product2: parent('Product2', 'Widget'), CreatedBy: parent('User', 'Ada Admin') };
    expect(nameOf(rec(entry))).toBe('Standard Price Book · Widget');
    expect(nameOf(rec({ UnitPrice: field(5, '$5.00') }))).toBe('01u000000000001AAA');
  });
});
