import { describe, expect, it } from 'vitest';
import {
  clearRefinements,
  isRefined,
  pageCount,
  pagerItems,
  parseSearchState,
  searchStateParams,
  toggleRefinement,
  withPage,
  withSort,
  type SearchState,
} from './searchState';

describe('search URL state', () => {
  it('parses refinements, sort and page', () => {
    const s = parseSearchState(new URLSearchParams('rf=Standard:Brand:Everline&rf=Standard:Brand:Summit&rf=ProductCategory:ProductCategory:0ZG1&rf=Standard:Time:10:30&sort=0lD2&page=3'));
    expect(s).toEqual({
      refinements: [
        { attributeType: 'Standard', nameOrId: 'Brand', values: ['Everline', 'Summit'], type: 'DistinctValue' },
        { attributeType: 'ProductCategory', nameOrId: 'ProductCategory', values: ['0ZG1'], type: 'DistinctValue' },
        { attributeType: 'Standard', nameOrId: 'Time', values: ['10:30'], type: 'DistinctValue' },
      ],
      sortRuleId: '0lD2',
      page: 3,
    });
  });

  it('ignores malformed entries and bad pages', () => {
    const s = parseSearchState(new URLSearchParams('rf=Brand&rf=:Brand:x&rf=Standard::x&rf=Standard:Brand:&page=-2&sort='));
    expect(s).toEqual({ refinements: [], sortRuleId: null, page: 1 });
    expect(parseSearchState(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('caps refinements at 9 facets and 20 values', () => {
    const params = new URLSearchParams();
    for (let f = 0; f < 12; f++) for (let v = 0; v < 25; v++) params.append('rf', `Custom:F${f}:v${v}`);
    const s = parseSearchState(params);
    expect(s.refinements).toHaveLength(9);
    expect(s.refinements[0].values).toHaveLength(20);
  });

  it('round-trips in a stable order', () => {
    const s = parseSearchState(new URLSearchParams('rf=Standard:Brand:Summit&rf=Standard:Brand:Everline&sort=x&page=2'));
    expect(searchStateParams(s).toString()).toBe('rf=Standard%3ABrand%3AEverline&rf=Standard%3ABrand%3ASummit&sort=x&page=2');
    expect(parseSearchState(searchStateParams(s)).refinements[0].values).toEqual(['Everline', 'Summit']);
    expect(searchStateParams({ refinements: [], sortRuleId: null, page: 1 }).toString()).toBe('');
  });

  it('toggles values and goes back to page 1 on any refinement or sort change', () => {
    let s: SearchState = { refinements: [], sortRuleId: null, page: 4 };
    s = toggleRefinement(s, 'Standard', 'Brand', 'Everline', true);
    expect(s.page).toBe(1);
    expect(isRefined(s, 'Standard', 'Brand', 'Everline')).toBe(true);
    s = toggleRefinement(withPage(s, 3), 'Standard', 'Brand', 'Summit', true);
    expect(s.refinements[0].values).toEqual(['Everline', 'Summit']);
    s = toggleRefinement(s, 'Standard', 'Brand', 'Everline', false);
    s = toggleRefinement(s, 'Standard', 'Brand', 'Summit', false);
    expect(s.refinements).toEqual([]);
    s = toggleRefinement(s, 'Standard', 'Family', 'Office', true);
    expect(clearRefinements(withPage(s, 2))).toEqual({ refinements: [], sortRuleId: null, page: 1 });
    expect(withSort(withPage(s, 5), 'abc')).toMatchObject({ sortRuleId: 'abc', page: 1 });
  });

  it('counts pages and lays out the pager', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(1, 5)).toEqual([1, 2, null, 5]);
    expect(pagerItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerItems(5, 20)).toEqual([1, null, 4, 5, 6, null, 20]);
    expect(pagerItems(3, 20)).toEqual([1, 2, 3, 4, null, 20]);
    expect(pagerItems(20, 20)).toEqual([1, null, 19, 20]);
  });
});
