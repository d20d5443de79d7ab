// SEO text placeholders (spec/storefront.md section 5; spec/data-layer.md section 5):
// {!Record.field} and {!Content.field} are replaced by the field's value from
// the record or the CMS content; quotes inside values are escaped.

export interface PlaceholderSources {
  Record?: Record<string, unknown> | null;
  Content?: Record<string, unknown> | null;
}

const PLACEHOLDER = /\{!(Record|Content)\.([A-Za-z_][A-Za-z0-9_.]*)\}/g;

/** Escapes a text for an HTML attribute value or element: & < > and both quotes. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function lookup(source: Record<string, unknown> | null | undefined, path: string): string {
  if (!source) return '';
  // A flat key wins ("Product.Name" as one key), then a dotted path.
  let value: unknown = Object.prototype.hasOwnProperty.call(source, path) ? source[path] : undefined;
  if (value === undefined) {
    value = path.split('.').reduce<unknown>((acc, key) => {
      if (acc && typeof acc === 'object' && Object.prototype.hasOwnProperty.call(acc, key)) {
        return (acc as Record<string, unknown>)[key];
      }
      return undefined;
    }, source);
  }
  // UI API style {value, displayValue} fields.
  if (value && typeof value === 'object' && 'value' in (value as object)) {
    const v = value as { value: unknown; displayValue?: unknown };
    value = v.displayValue ?? v.value;
  }
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? '' : String(value);
}

/** The names of the fields a template refers to, by source. */
export function placeholderFields(template: string): { Record: string[]; Content: string[] } {
  const out = { Record: [] as string[], Content: [] as string[] };
  for (const m of template.matchAll(PLACEHOLDER)) {
    const list = out[m[1] as 'Record' | 'Content'];
    if (!list.includes(m[2])) list.push(m[2]);
  }
  return out;
}

/**
 * Replaces the placeholders of a template by their values, with quotes in
 * values escaped (as &quot; and &#39;), and returns the result as HTML-safe
 * text: the template's own characters are escaped too, so the result can be
 * used in an HTML attribute or element. A missing field gives ''.
 */
export function substitutePlaceholders(template: unknown, sources: PlaceholderSources): string {
  if (typeof template !== 'string' || template === '') return '';
  let out = '';
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    out += escapeHtml(template.slice(last, m.index));
    out += escapeHtml(lookup(sources[m[1] as 'Record' | 'Content'], m[2]));
    last = m.index + m[0].length;
  }
  return out + escapeHtml(template.slice(last));
}

/** substitutePlaceholders, read back as plain text (for document.title). */
export function substitutePlaceholdersText(template: unknown, sources: PlaceholderSources): string {
  const html = substitutePlaceholders(template, sources);
  return html
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
