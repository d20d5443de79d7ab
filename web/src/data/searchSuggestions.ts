// Search box suggestions: GET search/suggestions (contracts/commerce/commerce-search.api.raml,
// ProductSearchSuggestionsResultsRepresentation: {completions: [{simpleString}], locale}).

import { commerceUrl, requestJson } from './http';

/** Search text is at most 255 characters (spec section 5 and 9). */
export const SEARCH_MAX_LENGTH = 255;
/** Suggestions asked per keystroke pause. */
export const SUGGESTION_LIMIT = 6;
/** Suggestions are asked for terms of this many characters... */
export const SUGGESTION_MIN_LENGTH = 2;
/** ...up to this many (the suggestions call refuses longer terms with 400). */
export const SUGGESTION_MAX_LENGTH = 100;

/** The term to ask suggestions for, or null when the text is too short or too long for them. */
export function suggestionTerm(text: string): string | null {
  const t = text.trim();
  return t.length >= SUGGESTION_MIN_LENGTH && t.length <= SUGGESTION_MAX_LENGTH ? t : null;
}

/** The text to search for, or null when it holds no non-whitespace character. */
export function searchTerm(text: string): string | null {
  const t = text.trim().slice(0, SEARCH_MAX_LENGTH);
  return t === '' ? null : t;
}

/** The search page of a term, relative to the site base path: /global-search/{encoded text}. */
export function searchPath(term: string): string {
  return `/global-search/${encodeURIComponent(term)}`;
}

interface RawSuggestions {
  completions?: Array<{ simpleString?: string | null } | null> | null;
}

/** The distinct, non-blank completions of a term, in the server's order. */
export async function getSearchSuggestions(
  term: string,
  options: { signal?: AbortSignal; limit?: number } = {},
): Promise<string[]> {
  const body = await requestJson<RawSuggestions>(
    commerceUrl('search/suggestions', { searchTerm: term, limit: options.limit ?? SUGGESTION_LIMIT }),
    { signal: options.signal },
  );
  const seen = new Set<string>();
  const out: string[] = [];
  for (const c of body?.completions ?? []) {
    const text = typeof c?.simpleString === 'string' ? c.simpleString.trim() : '';
    const key = text.toLowerCase();
    if (text === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(text);
  }
  return out;
}
