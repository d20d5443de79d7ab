import { describe, expect, it } from 'vitest';
import { escapeHtml, placeholderFields, substitutePlaceholders, substitutePlaceholdersText } from './seo';

describe('substitutePlaceholders', () => {
  const sources = {
    Record: { Name: 'Gel Pen "Fine"', Description: "Rock 'n' roll", Price: 5, Nested: { Brand: 'Keystone' }, Empty: null },
    Content: { title: 'Spring <Sale>' },
  };

  it('replaces Record and Content placeholders', () => {
    expect(substitutePlaceholders('{!Record.Name} | Store', sources)).toBe('Gel Pen &quot;Fine&quot; | Store');
    expect(substitutePlaceholders('{!Content.title}', sources)).toBe('Spring &lt;Sale&gt;');
    expect(substitutePlaceholders('Buy {!Record.Nested.Brand} for {!Record.Price}', sources)).toBe('Buy Keystone for 5');
  });

  it('escapes quotes in values', () => {
    expect(substitutePlaceholders('{!Record.Description}', sources)).toBe('Rock &#39;n&#39; roll');
  });

  it('gives empty text for missing fields and sources', () => {
    expect(substitutePlaceholders('[{!Record.Missing}][{!Record.Empty}]', sources)).toBe('[][]');
    expect(substitutePlaceholders('{!Content.title}', { Record: {} })).toBe('');
    expect(substitutePlaceholders(undefined, sources)).toBe('');
  });

  it('leaves other brace text alone (escaped)', () => {
    expect(substitutePlaceholders('{!Account.Name} & {Record.Name}', sources)).toBe('{!Account.Name} &amp; {Record.Name}');
  });

  it('reads UI API style {value, displayValue} fields', () => {
    expect(substitutePlaceholders('{!Record.Name}', { Record: { Name: { value: 'x', displayValue: 'X' } } })).toBe('X');
  });

  it('has a plain-text form for titles', () => {
    expect(substitutePlaceholdersText('{!Record.Name} & more', sources)).toBe('Gel Pen "Fine" & more');
  });

  it('lists the fields a template uses', () => {
    expect(placeholderFields('{!Record.Name} {!Record.Name} {!Content.title} {!Record.Description}')).toEqual({
      Record: ['Name', 'Description'],
      Content: ['title'],
    });
  });

  it('escapes html', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
