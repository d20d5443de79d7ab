// The home page's CMS content: its banner image (spec/storefront.md section 7,
// "Content and SEO"; section 8: a failed image fetch falls back to the URL built
// from the content key, with a warning naming the content key and site id).

import { contentUrl, mediaUrl, parseImageContent, warnImageFailure, type ImageInfo } from './cms';
import { FetchError, isAbortError } from './errors';
import { requestJson } from './http';

/** An image content item by its key; never fails (aborts excepted): the media URL of the key is the fallback. */
export async function getImageContent(siteId: string, contentKey: string, options: { signal?: AbortSignal } = {}): Promise<ImageInfo> {
  const fallback: ImageInfo = { contentKey, url: mediaUrl(contentKey), altText: null, isExternal: false };
  try {
    const body = await requestJson<unknown>(contentUrl(siteId, contentKey), { signal: options.signal });
    const info = parseImageContent(contentKey, body);
    if (info) return info;
    warnImageFailure(contentKey, siteId, 'the content has no image URL');
  } catch (err) {
    if (isAbortError(err)) throw err;
    warnImageFailure(contentKey, siteId, err instanceof FetchError ? `${err.status} ${err.statusText}`.trim() : String(err));
  }
  return fallback;
}
