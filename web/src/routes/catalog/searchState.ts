// The search page's URL state: refinements, sort and page live in the query
// string, so back/forward and reload show the same results.
//   ?rf=Standard:Brand:Everline&rf=ProductCategory:ProductCategory:0ZG...&sort=0lD...&page=2

import { MAX_REFINEMENTS, MAX_REFINEMENT_VALUES, type Refinement } from '../../data/search';

export interface SearchState {
  refinements: Refinement[];
  sortRuleId: string | null;
  /** 1-based, as shown to people. */
  page: number;
}

export const REFINEMENT_PARAM = 'rf';
export const SORT_PARAM = 'sort';
export const PAGE_PARAM = 'page';

/** Reads the state; malformed entries are ignored, limits (9 refinements, 20 values) applied. */
export function parseSearchState(params: URLSearchParams): SearchState {
  const byKey = new Map<string, Refinement>();
  for (const raw of params.getAll(REFINEMENT_PARAM)) {
    const first = raw.indexOf(':');
    const second = first < 0 ? -1 : raw.indexOf(':', first + 1);
    if (first <= 0 || second <= first + 1 || second === raw.length - 1) continue;
    const attributeType = raw.slice(0, first);
    const nameOrId = raw.slice(first + 1, second);
    const value = raw.slice(second + 1);
    const key = `${attributeType}:${nameOrId}`;
    let r = byKey.get(key);
    if (!r) {
      if (byKey.size >= MAX_REFINEMENTS) continue;
      r = { attributeType, nameOrId, values: [], type: 'DistinctValue' };
      byKey.set(key, r);
    }
    if (!r.values.includes(value) && r.values.length < MAX_REFINEMENT_VALUES) r.values.push(value);
  }
  const sort = params.get(SORT_PARAM)?.trim() || null;
  const pageNum = Number(params.get(PAGE_PARAM));
  return {
    refinements: Array.from(byKey.values()),
    sortRuleId: sort,
    page: Number.isInteger(pageNum) && pageNum >= 1 ? pageNum : 1,
  };
}

/** Writes the state in a stable order (page 1 and no sort are left out). */
export function searchStateParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  const refs = [...state.refinements].sort((a, b) => `${a.attributeType}:${a.nameOrId}`.localeCompare(`${b.attributeType}:${b.nameOrId}`));
  for (const r of refs) {
    for (const v of [...r.values].sort()) params.append(REFINEMENT_PARAM, `${r.attributeType}:${r.nameOrId}:${v}`);
  }
  if (state.sortRuleId) params.set(SORT_PARAM, state.sortRuleId);
  if (state.page > 1) params.set(PAGE_PARAM, String(state.page));
  return params;
}

/** Whether a facet value is chosen. */
export function isRefined(state: SearchState, attributeType: string, nameOrId: string, value: string): boolean {
  return state.refinements.some((r) => r.attributeType === attributeType && r.nameOrId === nameOrId && r.values.includes(value));
}

/** Adds or removes one facet value; any change of refinements goes back to page 1. */
export function toggleRefinement(state: SearchState, attributeType: string, nameOrId: string, value: string, on: boolean): SearchState {
  const refinements = state.refinements.map((r) => ({ ...r, values: [...r.values] }));
  let r = refinements.find((x) => x.attributeType === attributeType && x.nameOrId === nameOrId);
  if (on) {
    if (!r) {
      r = { attributeType, nameOrId, values: [], type: 'DistinctValue' };
      refinements.push(r);
    }
    if (!r.values.includes(value)) r.values.push(value);
  } else if (r) {
    r.values = r.values.filter((v) => v !== value);
  }
  return { ...state, refinements: refinements.filter((x) => x.values.length > 0), page: 1 };
}

export function clearRefinements(state: SearchState): SearchState {
  return { ...state, refinements: [], page: 1 };
}

export function withSort(state: SearchState, sortRuleId: string | null): SearchState {
  return { ...state, sortRuleId, page: 1 };
}

export function withPage(state: SearchState, page: number): SearchState {
  return { ...state, page: Math.max(1, Math.floor(page)) };
}

/** The number of pages of a result (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/**
 * The page numbers a pager shows: first, last and two around the current,
 * with null where pages are skipped: [1, null, 4, 5, 6, null, 20].
 */
export function pagerItems(current: number, total: number): (number | null)[] {
  const pages = new Set<number>([1, total]);
  for (let p = current - 1; p <= current + 1; p++) if (p >= 1 && p <= total) pages.add(p);
  const sorted = Array.from(pages).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(p - sorted[i - 1] === 2 ? p - 1 : null);
    out.push(p);
  });
  return out;
}
