import { describe, expect, it } from 'vitest';
import { ORDER_MAX_BYTES, ORDER_MAX_LINES, checkLine, detectDelimiter, parseCsv, parseQuantity, readOrderText } from './csv';

const fields = (text: string, d?: string) => parseCsv(text, d).map((r) => r.fields);

describe('parseCsv', () => {
  it('splits records and fields, with the line each record starts on', () => {
    expect(parseCsv('a,1\nb,2\n')).toEqual([
      { line: 1, fields: ['a', '1'] },
      { line: 2, fields: ['b', '2'] },
    ]);
    expect(fields('a,1\nb,2')).toEqual([['a', '1'], ['b', '2']]);
  });

  it('reads quoted fields holding delimiters, line ends and escaped quotes', () => {
    expect(fields('"A,1","say ""hi"""\n')).toEqual([['A,1', 'say "hi"']]);
    expect(parseCsv('"two\nlines",3\nnext,4')).toEqual([
      { line: 1, fields: ['two\nlines', '3'] },
      { line: 3, fields: ['next', '4'] },
    ]);
    expect(fields('""')).toEqual([]);
    expect(fields('a,""\n')).toEqual([['a', '']]);
  });

  it('treats a quote inside an unquoted field as text, and runs an unclosed quote to the end', () => {
    expect(fields('ab"c,1')).toEqual([['ab"c', '1']]);
    expect(fields('"open,1\nmore')).toEqual([['open,1\nmore']]);
  });

  it('accepts CRLF, CR and a byte order mark', () => {
    expect(parseCsv('\uFEFFa,1\r\nb,2\r\n')).toEqual([
      { line: 1, fields: ['a', '1'] },
      { line: 2, fields: ['b', '2'] },
    ]);
    expect(parseCsv('a,1\rb,2')).toEqual([
      { line: 1, fields: ['a', '1'] },
      { line: 2, fields: ['b', '2'] },
    ]);
    expect(parseCsv('"x\r\ny",1\r\nz,2').map((r) => r.line)).toEqual([1, 3]);
  });

  it('uses the delimiter given', () => {
    expect(fields('a\t1\nb\t2', '\t')).toEqual([['a', '1'], ['b', '2']]);
  });
});

describe('detectDelimiter', () => {
  it('picks tab, semicolon or comma from the first non-blank line', () => {
    expect(detectDelimiter('\n\nA\t1\nB,2')).toBe('\t');
    expect(detectDelimiter('A;1')).toBe(';');
    expect(detectDelimiter('A,1;2')).toBe(',');
    expect(detectDelimiter('A')).toBe(',');
  });
});

describe('parseQuantity', () => {
  it('reads whole numbers from 1 to 1,000,000; blank is 1', () => {
    expect(parseQuantity('')).toBe(1);
    expect(parseQuantity(' 12 ')).toBe(12);
    expect(parseQuantity('5.0')).toBe(5);
    expect(parseQuantity('1000000')).toBe(1_000_000);
    for (const bad of ['0', '-1', '1.5', '1e3', 'abc', '1,000', '1000001', '99999999', '٣']) {
      expect(parseQuantity(bad), bad).toBeNull();
    }
  });
});

describe('checkLine', () => {
  it('trims, and says what keeps a line from being sent', () => {
    expect(checkLine(4, ' PEN-1 ', ' 3 ')).toEqual({ line: 4, sku: 'PEN-1', quantityText: '3', quantity: 3, error: null });
    expect(checkLine(1, '', '3').error).toBe('Enter a SKU.');
    expect(checkLine(1, 'PEN-1', 'two')).toMatchObject({ quantity: null, error: 'Quantity must be a whole number from 1 to 1,000,000.' });
    expect(checkLine(1, 'X'.repeat(181), '1').error).toBe('A SKU has at most 180 characters.');
    expect(checkLine(1, 'A,B', '1').error).toBe('A SKU cannot hold commas or control characters.');
    expect(checkLine(1, 'A\u0000B', '1').error).toBe('A SKU cannot hold commas or control characters.');
  });
});

describe('readOrderText', () => {
  it('skips a header row (any case) and blank lines, keeping file line numbers', () => {
    const r = readOrderText('\uFEFFSKU,Quantity\r\n\r\nPEN-1,5\r\n  ,  \r\n"PEN-2",10\r\nPEN-3,\r\n');
    expect(r).toEqual({
      ok: true,
      lines: [
        { line: 3, sku: 'PEN-1', quantityText: '5', quantity: 5, error: null },
        { line: 5, sku: 'PEN-2', quantityText: '10', quantity: 10, error: null },
        { line: 6, sku: 'PEN-3', quantityText: '', quantity: 1, error: null },
      ],
    });
    expect(readOrderText('sku,qty\nA,1')).toMatchObject({ ok: true, lines: [{ line: 2, sku: 'A' }] });
    expect(readOrderText('sku\nA')).toMatchObject({ ok: true, lines: [{ line: 2, sku: 'A', quantity: 1 }] });
  });

  it('reads a row without a header, and a second "sku" row as a line', () => {
    expect(readOrderText('A,1\nsku,quantity')).toMatchObject({ ok: true, lines: [{ sku: 'A' }, { sku: 'sku', error: expect.any(String) }] });
  });

  it('keeps a line with a bad quantity, with its problem, on its line', () => {
    const r = readOrderText('sku,quantity\nA,1\nB,lots\nC,0\n');
    expect(r.ok && r.lines.map((l) => [l.line, l.error === null])).toEqual([[2, true], [3, false], [4, false]]);
  });

  it('reads tab-separated text pasted from a spreadsheet', () => {
    expect(readOrderText('PEN-1\t4\nPEN-2\t6\n')).toMatchObject({
      ok: true,
      lines: [{ sku: 'PEN-1', quantity: 4 }, { sku: 'PEN-2', quantity: 6 }],
    });
  });

  it('refuses more than 2,000 lines and more than 1 MB, whole', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `SKU-${i},1`).join('\n');
    expect(readOrderText(`sku,quantity\n${rows(ORDER_MAX_LINES)}\n\n`)).toMatchObject({ ok: true });
    const many = readOrderText(rows(ORDER_MAX_LINES + 1));
    expect(many).toEqual({ ok: false, error: expect.stringContaining('2,001 lines; a quick order takes at most 2,000') });
    const big = readOrderText(`A,1\n${'x'.repeat(ORDER_MAX_BYTES)}`);
    expect(big).toEqual({ ok: false, error: expect.stringContaining('larger than 1 MB') });
    // Bytes, not characters: 600,000 two-byte characters are over.
    expect(readOrderText('é'.repeat(600_000)).ok).toBe(false);
  });

  it('reads empty text as no lines', () => {
    expect(readOrderText('')).toEqual({ ok: true, lines: [] });
    expect(readOrderText('sku,quantity\n\n')).toEqual({ ok: true, lines: [] });
  });
});
