// Responsive images (spec/storefront.md section 2 and section 9; data-layer
// section 9): widths 640 (mobile), 960 (tablet), 1920 (desktop) at 1x; image
// optimisation asks for widths of at least 100.

import { resolveMediaUrl } from '../../data/catalog';

export const IMAGE_WIDTHS = { mobile: 640, tablet: 960, desktop: 1920 } as const;
export const MIN_OPTIMISED_WIDTH = 100;

/** Media queries of the breakpoints: mobile up to 47.9375em, tablet 48em-64em, desktop from 64.0625em. */
export const MEDIA = {
  mobile: '(max-width: 47.9375em)',
  tablet: '(min-width: 48em) and (max-width: 64em)',
  desktop: '(min-width: 64.0625em)',
} as const;

/** Whether a URL is one of the site's own media (which the server can resize). */
function isSiteMedia(url: string): boolean {
  return /^(\/[^/]+)*\/(cms|img)\//.test(url.split('?')[0]);
}

/**
 * The URL of an image at a width: the site's own media get a width parameter
 * (at least 100); other URLs are returned unchanged. Null when the URL is not
 * a usable image URL.
 */
export function optimisedImageUrl(url: string | null | undefined, width: number): string | null {
  const u = resolveMediaUrl(url);
  if (!u) return null;
  if (!isSiteMedia(u)) return u;
  const w = Math.max(MIN_OPTIMISED_WIDTH, Math.round(Number.isFinite(width) ? width : MIN_OPTIMISED_WIDTH));
  const [path, query = ''] = u.split('?');
  const params = new URLSearchParams(query);
  params.set('width', String(w));
  return `${path}?${params.toString()}`;
}
