import { describe, expect, it } from 'vitest';
import {
  normaliseAlignment,
  normaliseColumnPortion,
  normaliseDirection,
  normaliseFormAction,
  normaliseSize,
  normaliseVisibility,
} from './normalise';

describe('normaliseFormAction', () => {
  it('defaults to an inline message', () => {
    for (const v of [undefined, null, '', 'message', 'Show Message', 42, 'nonsense']) expect(normaliseFormAction(v)).toBe('message');
  });
  it('reads redirect in its spellings', () => {
    for (const v of ['redirect', 'Redirect', ' REDIRECT ', 'Redirect to Page', 'redirect_to_page']) expect(normaliseFormAction(v)).toBe('redirect');
  });
});

describe('normaliseAlignment', () => {
  it('keeps left, center and right, case-insensitively', () => {
    expect(normaliseAlignment('left')).toBe('left');
    expect(normaliseAlignment('Center')).toBe('center');
    expect(normaliseAlignment(' RIGHT ')).toBe('right');
  });
  it('defaults to left', () => {
    for (const v of [undefined, null, '', 'middle', 'justify', 1]) expect(normaliseAlignment(v)).toBe('left');
  });
});

describe('normaliseDirection', () => {
  it('is left or right, left by default', () => {
    expect(normaliseDirection('right')).toBe('right');
    expect(normaliseDirection('Right')).toBe('right');
    expect(normaliseDirection('left')).toBe('left');
    expect(normaliseDirection('up')).toBe('left');
    expect(normaliseDirection(undefined)).toBe('left');
  });
});

describe('normaliseSize', () => {
  it('is small, medium or large, small by default', () => {
    expect(normaliseSize('medium')).toBe('medium');
    expect(normaliseSize('LARGE')).toBe('large');
    expect(normaliseSize('small')).toBe('small');
    for (const v of [undefined, '', 'x-large', 3]) expect(normaliseSize(v)).toBe('small');
  });
});

describe('normaliseColumnPortion', () => {
  it('keeps the four portions, with or without %', () => {
    expect(normaliseColumnPortion('50%')).toBe('50%');
    expect(normaliseColumnPortion('16.67%')).toBe('16.67%');
    expect(normaliseColumnPortion('33.33')).toBe('33.33%');
    expect(normaliseColumnPortion(66.67)).toBe('66.67%');
  });
  it('defaults to 50%', () => {
    for (const v of [undefined, null, '', '25%', '100%', 'half', NaN, 33]) expect(normaliseColumnPortion(v)).toBe('50%');
  });
});

describe('normaliseVisibility', () => {
  it('keeps small, medium and large in canonical order without duplicates', () => {
    expect(normaliseVisibility(['large', 'small', 'small'])).toEqual(['small', 'large']);
    expect(normaliseVisibility('medium, Large')).toEqual(['medium', 'large']);
  });
  it('drops unknown states and non-lists', () => {
    expect(normaliseVisibility(['tiny', 'huge'])).toEqual([]);
    expect(normaliseVisibility(undefined)).toEqual([]);
    expect(normaliseVisibility(7)).toEqual([]);
  });
});
