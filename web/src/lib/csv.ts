// Reading quick order text: a CSV file, or rows pasted from a spreadsheet. Pure functions, no DOM.
//
// The text is "SKU, quantity" rows. A header row ("sku,quantity", any case; "qty" too) is optional; a byte order
// mark, CRLF or CR line ends, quoted fields (with "" for a quote) and blank lines are all fine. Pasted text may be
// tab-separated (what spreadsheets copy) or semicolon-separated (spreadsheets in comma-decimal locales). A line
// whose quantity is missing orders 1; one whose quantity is not a whole number from 1 to 1,000,000 (the cart's
// bounds) is kept with its problem, to be reported on its line and not sent.

/** The largest file or paste a quick order reads (1 MB). */
export const ORDER_MAX_BYTES = 1024 * 1024;
/** The most lines a quick order takes (a cart holds 500 lines by default; repeats and unknown SKUs fall away). */
export const ORDER_MAX_LINES = 2000;
/** The cart's bounds for a quantity. */
export const ORDER_MAX_QUANTITY = 1_000_000;
/** Product2.StockKeepingUnit's length. */
export const SKU_MAX_LENGTH = 180;

/** One record of CSV text and the line it starts on (1-based, counting every line of the text). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

const BOM = '\uFEFF';

/** The delimiter of the text: tab or semicolon when the first non-blank line has one and no comma, else comma. */
export function detectDelimiter(text: string): string {
  const first = text.split(/\r\n|\r|\n/).find((l) => l.trim() !== '') ?? '';
  if (first.includes('\t')) return '\t';
  if (first.includes(';') && !first.includes(',')) return ';';
  return ',';
}

/**
 * Splits CSV text into records (RFC 4180, leniently): a field that starts with a quote runs to the closing quote,
 * "" inside it is a quote, and it may hold delimiters and line ends; a quote elsewhere is an ordinary character,
 * and an unclosed quote runs to the end of the text. A leading byte order mark is dropped.
 */
export function parseCsv(input: string, delimiter = ','): CsvRecord[] {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false; // inside a quoted field
  let line = 1;
  let start = 1; // the line the current record starts on
  let atFieldStart = true;
  const endField = () => {
    fields.push(field);
    field = '';
    atFieldStart = true;
  };
  const endRecord = () => {
    endField();
    records.push({ line: start, fields });
    fields = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && atFieldStart) {
      quoted = true;
      atFieldStart = false;
    } else if (c === delimiter) {
      endField();
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else {
      field += c;
      atFieldStart = false;
    }
  }
  // The last record, unless the text ended with a line end.
  if (field !== '' || fields.length > 0 || quoted) endRecord();
  return records;
}

/** A line of a quick order: what was read and, when it cannot be sent, why. */
export interface OrderLine {
  /** The line of the text it came from (or the row of the form). */
  line: number;
  sku: string;
  /** The quantity as written ('' when none was). */
  quantityText: string;
  /** The quantity to order; null when quantityText is no valid quantity. */
  quantity: number | null;
  /** Why the line cannot be sent; null when it can. */
  error: string | null;
}

/** A quantity as written: blank orders 1; otherwise a whole number from 1 to 1,000,000 ("12", "12.0"), else null. */
export function parseQuantity(text: string): number | null {
  const t = text.trim();
  if (t === '') return 1;
  if (!/^\d{1,7}(\.0*)?$/.test(t)) return null;
  const n = Number.parseInt(t, 10);
  return n >= 1 && n <= ORDER_MAX_QUANTITY ? n : null;
}

// Control characters (C0, DEL, C1) are no part of any SKU; a comma cannot be looked up (SKUs travel comma-separated).
// eslint-disable-next-line no-control-regex
const BAD_SKU_CHARACTER = /[\u0000-\u001f\u007f-\u009f,]/;

/** Checks one line: the SKU and quantity as typed or read; fields are trimmed. */
export function checkLine(line: number, sku: string, quantityText: string): OrderLine {
  const s = sku.trim();
  const q = quantityText.trim();
  const quantity = parseQuantity(q);
  let error: string | null = null;
  if (s === '') error = 'Enter a SKU.';
  else if (s.length > SKU_MAX_LENGTH) error = `A SKU has at most ${SKU_MAX_LENGTH} characters.`;
  else if (BAD_SKU_CHARACTER.test(s)) error = 'A SKU cannot hold commas or control characters.';
  else if (quantity === null) error = 'Quantity must be a whole number from 1 to 1,000,000.';
  return { line, sku: s, quantityText: q, quantity, error };
}

function isHeader(fields: string[]): boolean {
  const first = fields[0]?.trim().toLowerCase();
  const second = fields[1]?.trim().toLowerCase() ?? '';
  return first === 'sku' && ['', 'quantity', 'qty'].includes(second);
}

/** The UTF-8 size of a text in bytes. */
export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

export type ReadOrderResult = { ok: true; lines: OrderLine[] } | { ok: false; error: string };

/**
 * Reads quick order text (a file's content, or a paste) into lines: blank lines and a header row are skipped, every
 * other record is a line, checked. Text over 1 MB, or with more than 2,000 lines, is refused whole, before anything
 * is sent.
 */
export function readOrderText(text: string): ReadOrderResult {
  if (byteLength(text) > ORDER_MAX_BYTES) return { ok: false, error: tooBig() };
  const records = parseCsv(text, detectDelimiter(text.startsWith(BOM) ? text.slice(1) : text)).filter((r) =>
    r.fields.some((f) => f.trim() !== ''),
  );
  if (records.length > 0 && isHeader(records[0].fields)) records.shift();
  if (records.length > ORDER_MAX_LINES) {
    return {
      ok: false,
      error: `This has ${records.length.toLocaleString('en-US')} lines; a quick order takes at most ${ORDER_MAX_LINES.toLocaleString('en-US')}. Split it and add the parts one after the other.`,
    };
  }
  return { ok: true, lines: records.map((r) => checkLine(r.line, r.fields[0] ?? '', r.fields[1] ?? '')) };
}

/** The message for a file or paste over the size limit. */
export function tooBig(): string {
  return 'This is larger than 1 MB, the most a quick order reads. Split it and add the parts one after the other.';
}
