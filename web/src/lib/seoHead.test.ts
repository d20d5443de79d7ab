import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEO_MARK, absoluteHttpUrl, applySeoHead, clearAllSeoHead, hrefLangPairs, seoHeadMarkup } from './seoHead';

const ORIGIN = 'https://shop.example';
const sources = { Record: { Name: 'Gel Pen "Fine"', Description: "Rock 'n' roll pens" }, Content: { tagline: 'Write more' } };

function head() {
  return {
    description: document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    alternates: Array.from(document.head.querySelectorAll('link[rel="alternate"]')).map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
    robots: document.head.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
    marked: document.head.querySelectorAll(`[${SEO_MARK}]`).length,
  };
}

beforeEach(() => {
  document.title = 'Page | Store';
  clearAllSeoHead();
});
afterEach(() => clearAllSeoHead());

describe('applySeoHead', () => {
  it('applies title, description, canonical, hreflang alternates and robots with placeholders', () => {
    const applied = applySeoHead(
      {
        title: '{!Record.Name} | Demo',
        description: '{!Record.Description} - {!Content.tagline}',
        canonicalUrl: '/product/gel-pen/01tA',
        hrefLangUrls: { 'en-US': 'https://shop.example/product/gel-pen/01tA', 'en-GB': '/uk/product/gel-pen/01tA', 'bad lang': '/x' },
        isSeoIndexed: false,
      },
      sources,
      { origin: ORIGIN },
    );
    expect(applied.title).toBe('Gel Pen "Fine" | Demo');
    expect(document.title).toBe('Gel Pen "Fine" | Demo');
    expect(head()).toEqual({
      description: "Rock 'n' roll pens - Write more",
      canonical: 'https://shop.example/product/gel-pen/01tA',
      alternates: [
        ['en-US', 'https://shop.example/product/gel-pen/01tA'],
        ['en-GB', 'https://shop.example/uk/product/gel-pen/01tA'],
      ],
      robots: 'noindex',
      marked: 5,
    });
  });

  it('escapes quotes so a value cannot break out of its attribute', () => {
    const markup = seoHeadMarkup({ description: '{!Record.Evil}' }, { Record: { Evil: '"><script>alert(1)</script>' } }, ORIGIN);
    expect(markup).toBe('<meta name="description" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">');
    applySeoHead({ description: '{!Record.Evil}' }, { Record: { Evil: '"><script>alert(1)</script>' } }, { origin: ORIGIN });
    expect(document.head.querySelectorAll('script').length).toBe(0);
    expect(head().description).toBe('"><script>alert(1)</script>');
  });

  it('indexes by default: no robots tag unless isSeoIndexed is false', () => {
    applySeoHead({ isSeoIndexed: true, title: 'x' }, sources, { origin: ORIGIN });
    expect(head().robots).toBeNull();
    clearAllSeoHead();
    applySeoHead({ title: 'x' }, sources, { origin: ORIGIN });
    expect(head().robots).toBeNull();
  });

  it('clears exactly what it applied and restores the title', () => {
    const mine = document.createElement('meta');
    mine.setAttribute('name', 'viewport');
    document.head.appendChild(mine);
    const applied = applySeoHead({ title: 'SEO title', description: 'd', canonicalUrl: 'https://shop.example/a' }, sources, { origin: ORIGIN });
    expect(head().marked).toBe(2);
    applied.clear();
    expect(head()).toEqual({ description: null, canonical: null, alternates: [], robots: null, marked: 0 });
    expect(document.title).toBe('Page | Store');
    expect(mine.isConnected).toBe(true);
    applied.clear(); // twice is harmless
    mine.remove();
  });

  it('does not restore the title when the page changed it meanwhile', () => {
    const applied = applySeoHead({ title: 'SEO title' }, sources, { origin: ORIGIN });
    document.title = 'Another page';
    applied.clear();
    expect(document.title).toBe('Another page');
  });

  it('keeps a page title when the record has none', () => {
    applySeoHead({ title: '', description: 'd' }, sources, { origin: ORIGIN });
    expect(document.title).toBe('Page | Store');
  });

  it('refuses unsafe canonical and alternate URLs', () => {
    applySeoHead({ canonicalUrl: 'javascript:alert(1)', hrefLangUrls: [{ hrefLang: 'fr', url: '//evil.example/x' }, { lang: 'de', url: 'ftp://x/y' }] as unknown as Record<string, string> }, sources, { origin: ORIGIN });
    expect(head().canonical).toBeNull();
    expect(head().alternates).toEqual([]);
  });

  it('keeps only harmless custom head tags, with placeholders substituted', () => {
    applySeoHead(
      {
        customHeadTags:
          '<meta property="og:title" content="{!Record.Name}"><meta http-equiv="refresh" content="0;url=https://evil.example">' +
          '<script>alert(1)</script><script type="application/ld+json">{"@type":"Product"}</script>' +
          '<link rel="stylesheet" href="https://evil.example/x.css"><link rel="alternate" href="/fr" hreflang="fr"><style>body{}</style>',
      },
      sources,
      { origin: ORIGIN },
    );
    const marked = Array.from(document.head.querySelectorAll(`[${SEO_MARK}]`));
    expect(marked.map((e) => e.outerHTML)).toEqual([
      `<meta property="og:title" content="Gel Pen &quot;Fine&quot;" ${SEO_MARK}="">`,
      `<script type="application/ld+json" ${SEO_MARK}="">{"@type":"Product"}</script>`,
      `<link rel="alternate" href="https://shop.example/fr" hreflang="fr" ${SEO_MARK}="">`,
    ]);
  });
});

describe('helpers', () => {
  it('resolves canonical URLs to absolute http(s)', () => {
    expect(absoluteHttpUrl('/a?b=1', ORIGIN)).toBe('https://shop.example/a?b=1');
    expect(absoluteHttpUrl('https://other.example/x', ORIGIN)).toBe('https://other.example/x');
    expect(absoluteHttpUrl('data:text/html,x', ORIGIN)).toBeNull();
    expect(absoluteHttpUrl('', ORIGIN)).toBeNull();
  });
  it('reads hrefLangUrls as a map or a list', () => {
    expect(hrefLangPairs({ 'en-US': '/us', fr: 5 })).toEqual([['en-US', '/us']]);
    expect(hrefLangPairs([{ language: 'de', href: '/de' }, null, { lang: 1 }])).toEqual([['de', '/de']]);
    expect(hrefLangPairs(null)).toEqual([]);
  });
});
