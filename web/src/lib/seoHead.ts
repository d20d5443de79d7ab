// Applies a record page's SEO properties to document.head (spec/storefront.md
// section 4 "SEO state"): title, meta description, canonical link, hreflang
// alternates, robots noindex and the store's custom head tags, with
// {!Record.field} / {!Content.field} placeholders substituted and quotes
// escaped. Every element added is marked, so that clearing removes exactly
// what was applied.

import type { SeoProperties } from '../data/seo';
import { substitutePlaceholders, substitutePlaceholdersText, type PlaceholderSources } from './seo';
import { isDangerousUrl } from './validate';

/** The attribute marking head elements owned by the SEO head. */
export const SEO_MARK = 'data-sf-seo';

const HREFLANG = /^(x-default|[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*)$/i;

/** An absolute http(s) URL for a canonical or alternate link; site-relative paths are resolved on the origin. */
export function absoluteHttpUrl(value: string, origin: string): string | null {
  const v = value.trim();
  if (v === '' || isDangerousUrl(v) || v.startsWith('//')) return null;
  try {
    const url = new URL(v, origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** hrefLangUrls as pairs; the server may send a map or a list of {hrefLang|lang|language, url|href}. */
export function hrefLangPairs(value: unknown): [string, string][] {
  if (Array.isArray(value)) {
    return value.flatMap((e) => {
      if (!e || typeof e !== 'object') return [];
      const o = e as Record<string, unknown>;
      const lang = o.hrefLang ?? o.hreflang ?? o.lang ?? o.language;
      const url = o.url ?? o.href;
      return typeof lang === 'string' && typeof url === 'string' ? [[lang, url] as [string, string]] : [];
    });
  }
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string');
  }
  return [];
}

const SAFE_META_NAMES = /^(description|keywords|author|robots|googlebot|twitter:[a-z:_-]+|og:[a-z:_-]+|article:[a-z:_-]+|product:[a-z:_-]+)$/i;
const SAFE_LINK_RELS = new Set(['canonical', 'alternate', 'author', 'license', 'prev', 'next', 'image_src']);

/**
 * Keeps only harmless custom head tags: meta with name/property (no
 * http-equiv), link with a safe rel and an http(s) href, and JSON-LD scripts.
 */
function isAllowedCustomTag(el: Element, origin: string): boolean {
  const tag = el.tagName.toLowerCase();
  if (tag === 'meta') {
    if (el.hasAttribute('http-equiv') || el.hasAttribute('charset')) return false;
    const name = el.getAttribute('name') ?? el.getAttribute('property') ?? '';
    return SAFE_META_NAMES.test(name);
  }
  if (tag === 'link') {
    const rels = (el.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const href = el.getAttribute('href') ?? '';
    if (rels.length === 0 || !rels.every((r) => SAFE_LINK_RELS.has(r))) return false;
    const abs = absoluteHttpUrl(href, origin);
    if (!abs) return false;
    el.setAttribute('href', abs);
    return true;
  }
  if (tag === 'script') {
    return (el.getAttribute('type') ?? '').toLowerCase() === 'application/ld+json' && !el.hasAttribute('src');
  }
  return false;
}

export interface SeoHeadOptions {
  /** Origin used to resolve relative URLs (default: location.origin). */
  origin?: string;
  doc?: Document;
}

export interface AppliedSeoHead {
  /** The title applied, '' when none. */
  title: string;
  /** Removes what was applied and restores the previous title. */
  clear: () => void;
}

/** Builds the head markup of SEO properties (placeholders substituted, values escaped). */
export function seoHeadMarkup(props: SeoProperties, sources: PlaceholderSources, origin: string): string {
  const parts: string[] = [];
  const description = substitutePlaceholders(props.description, sources);
  if (description) parts.push(`<meta name="description" content="${description}">`);
  if (props.canonicalUrl) {
    const href = absoluteHttpUrl(substitutePlaceholdersText(props.canonicalUrl, sources), origin);
    if (href) parts.push(`<link rel="canonical" href="${substitutePlaceholders(href, {})}">`);
  }
  for (const [lang, url] of hrefLangPairs(props.hrefLangUrls)) {
    const href = absoluteHttpUrl(url, origin);
    if (!HREFLANG.test(lang) || !href) continue;
    parts.push(`<link rel="alternate" hreflang="${substitutePlaceholders(lang, {})}" href="${substitutePlaceholders(href, {})}">`);
  }
  if (props.isSeoIndexed === false) parts.push('<meta name="robots" content="noindex">');
  if (props.customHeadTags) {
    // Custom tags are markup: placeholders inside them are substituted with escaped values.
    const raw = String(props.customHeadTags);
    parts.push(raw.replace(/\{!(Record|Content)\.[A-Za-z_][A-Za-z0-9_.]*\}/g, (m) => substitutePlaceholders(m, sources)));
  }
  return parts.join('');
}

/**
 * Applies SEO properties to the document head and returns how to clear them.
 * Only the SEO head's own marked elements are ever removed.
 */
export function applySeoHead(props: SeoProperties, sources: PlaceholderSources, options: SeoHeadOptions = {}): AppliedSeoHead {
  const doc = options.doc ?? document;
  const origin = options.origin ?? doc.location?.origin ?? 'http://localhost';
  const template = doc.createElement('template');
  template.innerHTML = seoHeadMarkup(props, sources, origin);
  const added: Element[] = [];
  const generated = (el: Element) => el.getAttribute('name') === 'description' || el.getAttribute('rel') === 'canonical';
  for (const el of Array.from(template.content.children)) {
    if (!isAllowedCustomTag(el, origin)) continue;
    // The record's own description and canonical replace any the page had.
    if (generated(el)) {
      const selector = el.tagName.toLowerCase() === 'meta' ? 'meta[name="description"]' : 'link[rel="canonical"]';
      doc.head.querySelectorAll(`${selector}[${SEO_MARK}]`).forEach((old) => old.remove());
    }
    el.setAttribute(SEO_MARK, '');
    doc.head.appendChild(el);
    added.push(el);
  }
  const previousTitle = doc.title;
  const title = substitutePlaceholdersText(props.title, sources).trim();
  if (title) doc.title = title;
  let cleared = false;
  return {
    title,
    clear() {
      if (cleared) return;
      cleared = true;
      for (const el of added) el.remove();
      if (title && doc.title === title) doc.title = previousTitle;
    },
  };
}

/** Removes every element the SEO head added (all records). */
export function clearAllSeoHead(doc: Document = document): void {
  doc.head.querySelectorAll(`[${SEO_MARK}]`).forEach((el) => el.remove());
}
