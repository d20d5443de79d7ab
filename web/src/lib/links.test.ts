import { describe, expect, it } from 'vitest';
import {
  categoryPath,
  isValidMenuTarget,
  isValidWebLink,
  normaliseMenuTarget,
  opensInNewWindow,
  productPath,
  resolvePageReference,
  searchPath,
  validatePageReference,
} from './links';

describe('isValidWebLink', () => {
  it('accepts host URLs, slashes, hashes, mailto and tel', () => {
    for (const v of ['https://example.com', 'http://shop.example.com:8080/a?b=c#d', '/faq', '#top', 'mailto:buyer@example.com', 'tel:+1 555 010 1000']) {
      expect(isValidWebLink(v)).toBe(true);
    }
  });
  it('refuses other text', () => {
    for (const v of ['example.com', 'ftp://example.com', 'javascript:alert(1)', 'https://', 'https://exa mple.com', 'mailto:nobody', `mailto:${'a'.repeat(65)}@example.com`, 'tel:abc', '', null]) {
      expect(isValidWebLink(v)).toBe(false);
    }
  });
  it('limits the path to 2048 characters', () => {
    expect(isValidWebLink(`https://example.com/${'a'.repeat(2047)}`)).toBe(true);
    expect(isValidWebLink(`https://example.com/${'a'.repeat(2048)}`)).toBe(false);
  });
  it('opens mailto and tel in a new window', () => {
    expect(opensInNewWindow('mailto:a@b.co')).toBe(true);
    expect(opensInNewWindow('TEL:+15550101000')).toBe(true);
    expect(opensInNewWindow('https://example.com')).toBe(false);
    expect(opensInNewWindow('/faq')).toBe(false);
  });
});

describe('menu targets', () => {
  it('accepts only _self and _blank', () => {
    expect(isValidMenuTarget('_self')).toBe(true);
    expect(isValidMenuTarget('_blank')).toBe(true);
    expect(isValidMenuTarget('_parent')).toBe(false);
    expect(normaliseMenuTarget('_top')).toBe('_self');
    expect(normaliseMenuTarget('NewWindow')).toBe('_blank');
    expect(normaliseMenuTarget('CurrentWindow')).toBe('_self');
  });
});

describe('validatePageReference', () => {
  const cases: [unknown, boolean, string[]?][] = [
    [{ type: 'standard__recordPage', attributes: { objectApiName: 'Product2', recordId: '01t000000000001' } }, true],
    [{ type: 'standard__recordPage', attributes: { objectApiName: 'Product2' } }, false, ['recordId']],
    [{ type: 'standard__recordPage', attributes: { objectApiName: ' ', recordId: '01t' } }, false, ['objectApiName']],
    [{ type: 'standard__recordPage', attributes: { urlName: 'gel-pen' } }, true],
    [{ type: 'standard__managedContentPage', attributes: { contentTypeName: 'news', contentKey: 'MC1' } }, true],
    [{ type: 'standard__managedContentPage', attributes: { contentKey: 'MC1' } }, false, ['contentTypeName']],
    [{ type: 'standard__objectPage', attributes: { objectApiName: 'Account', filterName: 'Recent' } }, true],
    [{ type: 'standard__objectPage', attributes: { objectApiName: 'Account' } }, false, ['filterName']],
    [{ type: 'standard__objectPage', attributes: { objectApiName: 'Account' }, state: { filterName: 'Recent' } }, true],
    [{ type: 'comm__namedPage', attributes: { name: 'Home' } }, true],
    [{ type: 'comm__namedPage', attributes: {} }, false, ['name']],
    [{ type: 'standard__recordRelationshipPage', attributes: { objectApiName: 'Account', recordId: '001', relationshipApiName: 'Contacts' } }, true],
    [{ type: 'standard__recordRelationshipPage', attributes: { recordId: '001' } }, false, ['objectApiName', 'relationshipApiName']],
    [{ type: 'standard__webPage', attributes: { url: '/faq' } }, true],
    [{ type: 'standard__webPage', attributes: { url: 'javascript:alert(1)' } }, false, ['url']],
    [{ type: 'standard__search', state: { term: 'gloves' } }, true],
    [{ type: 'standard__unknown', attributes: {} }, false, ['type']],
    [null, false, ['type']],
  ];
  it.each(cases)('%j is valid: %s', (ref, valid, missing) => {
    const r = validatePageReference(ref);
    expect(r.valid).toBe(valid);
    if (missing) expect(r.missing).toEqual(missing);
  });
});

describe('resolvePageReference', () => {
  it('maps each link type to its storefront path', () => {
    expect(resolvePageReference({ type: 'comm__namedPage', attributes: { name: 'Home' } }).href).toBe('/');
    expect(resolvePageReference({ type: 'comm__namedPage', attributes: { name: 'FAQ' } }).href).toBe('/faq');
    expect(resolvePageReference({ type: 'comm__namedPage', attributes: { name: 'Contact_Us__c' } }).href).toBe('/contact-us');
    expect(resolvePageReference({ type: 'standard__recordPage', attributes: { objectApiName: 'Product2', recordId: '01tA', urlName: 'gel-pen' } }).href).toBe('/product/gel-pen/01tA');
    expect(resolvePageReference({ type: 'standard__recordPage', attributes: { objectApiName: 'ProductCategory', recordId: '0ZGA' } }).href).toBe('/category/detail/0ZGA');
    expect(resolvePageReference({ type: 'standard__recordPage', attributes: { objectApiName: 'Account', recordId: '001A' } }).href).toBe('/detail/001A');
    expect(resolvePageReference({ type: 'standard__recordPage', attributes: { urlName: 'returns-policy' } }).href).toBe('/article/returns-policy');
    expect(resolvePageReference({ type: 'standard__recordPage', attributes: { path: '/product/x/01tB' } }).href).toBe('/product/x/01tB');
    expect(resolvePageReference({ type: 'standard__managedContentPage', attributes: { contentTypeName: 'news', contentKey: 'MC1' } }).href).toBe('/managed-content/news/MC1');
    expect(resolvePageReference({ type: 'standard__objectPage', attributes: { objectApiName: 'Account', filterName: 'Recent' } }).href).toBe('/account/Recent');
    expect(resolvePageReference({ type: 'standard__recordRelationshipPage', attributes: { objectApiName: 'Account', recordId: '001A', relationshipApiName: 'Contacts' } }).href).toBe('/relatedlist/001A/Contacts');
    expect(resolvePageReference({ type: 'standard__search', state: { term: 'nitrile gloves' } }).href).toBe('/global-search/nitrile%20gloves');
    expect(resolvePageReference({ type: 'standard__search' }).href).toBe('/global-search');
  });
  it('keeps web links external, mailto/tel in a new window, and refuses unsafe ones', () => {
    expect(resolvePageReference({ type: 'standard__webPage', attributes: { url: 'https://example.com' } })).toEqual({ kind: 'external', href: 'https://example.com', newWindow: false });
    expect(resolvePageReference({ type: 'standard__webPage', attributes: { url: '/faq' } })).toEqual({ kind: 'app', href: '/faq', newWindow: false });
    expect(resolvePageReference({ type: 'standard__webPage', attributes: { url: 'mailto:a@b.co' } }).newWindow).toBe(true);
    expect(resolvePageReference({ type: 'standard__webPage', attributes: { url: 'javascript:alert(1)' } })).toEqual({ kind: 'none', href: '#', newWindow: false });
    expect(resolvePageReference({ type: 'standard__recordPage', attributes: { path: '//evil.example/x' } }).kind).toBe('none');
  });
});

describe('paths', () => {
  it('builds search, product and category paths', () => {
    expect(searchPath('  gel pen ')).toBe('/global-search/gel%20pen');
    expect(searchPath('a/b?c')).toBe('/global-search/a%2Fb%3Fc');
    expect(searchPath('   ')).toBeNull();
    expect(searchPath('x'.repeat(256))).toBeNull();
    expect(productPath('01tA', 'gel-pen')).toBe('/product/gel-pen/01tA');
    expect(productPath('01tA', '', 'Gel Pen, Blue 0.7 mm')).toBe('/product/gel-pen-blue-0-7-mm/01tA');
    expect(categoryPath('0ZGA', undefined, undefined)).toBe('/category/detail/0ZGA');
  });
});
