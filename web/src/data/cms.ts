// CMS content for the header: the logo (spec/storefront.md sections 3, 7 and 8).

import { API_VERSION, getBasePath, sitePath } from './config';
import { FetchError, isAbortError } from './errors';
import { requestJson } from './http';

/** The media delivery path (spec section 2): {base}/cms/delivery/media/{contentKey}. */
export function mediaUrl(contentKey: string): string {
  return sitePath(`/cms/delivery/media/${encodeURIComponent(contentKey)}`);
}

/** GET {base}/services/data/v64.0/connect/sites/{siteId}/cms/delivery/contents/{contentKey}. */
export function contentUrl(siteId: string, contentKey: string): string {
  return sitePath(
    `/services/data/${API_VERSION}/connect/sites/${encodeURIComponent(siteId)}/cms/delivery/contents/${encodeURIComponent(contentKey)}`,
  );
}

/** An image content item as the header uses it. */
export interface ImageInfo {
  contentKey: string;
  url: string;
  altText: string | null;
  isExternal: boolean;
}

type Json = Record<string, unknown>;

function obj(v: unknown): Json | null {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null;
}

function str(v: unknown): string | null {
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  // Text nodes arrive as {nodeType: "Text", value: "..."}.
  const node = obj(v);
  return node ? str(node.value) : null;
}

/**
 * An image URL the page may load: a site path (/cms/..., /img/...), http(s) or a data:image
 * (spec section 5). Content served by the site gets the base path; anything else is refused.
 */
export function safeImageUrl(url: string | null | undefined): string | null {
  const u = (url ?? '').trim();
  if (u === '') return null;
  if (/^https?:\/\//i.test(u) || /^data:image\//i.test(u)) return u;
  if (!u.startsWith('/') || u.startsWith('//')) return null;
  const base = getBasePath();
  return base !== '' && (u === base || u.startsWith(`${base}/`)) ? u : sitePath(u);
}

/**
 * Reads the image of a CMS delivery answer. The v64 shape has contentNodes with a source
 * (url, isExternal) and altText; older and newer variants put the media under contentBody.
 */
export function parseImageContent(contentKey: string, body: unknown): ImageInfo | null {
  const root = obj(body);
  if (!root) return null;
  const nodes = obj(root.contentNodes) ?? {};
  const contentBody = obj(root.contentBody) ?? {};
  const source = obj(nodes.source) ?? obj(contentBody['sfdc_cms:media']) ?? obj(obj(contentBody['sfdc_cms:media'])?.source);
  const rawUrl =
    str(source?.url) ?? str(source?.unauthenticatedUrl) ?? str(source?.resourceUrl) ?? str(root.url) ?? str(root.unauthenticatedUrl);
  const url = safeImageUrl(rawUrl);
  if (!url) return null;
  const altText = str(nodes.altText) ?? str(contentBody.altText) ?? str(root.altText) ?? str(root.title);
  return { contentKey: str(root.contentKey) ?? contentKey, url, altText, isExternal: source?.isExternal === true };
}

/** Logs the spec's warning for a logo or image that failed to load. */
export function warnImageFailure(contentKey: string, siteId: string, reason: string): void {
  console.warn(`Storefront: the image with content key "${contentKey}" of site "${siteId}" failed to load (${reason}).`);
}

/**
 * The logo: the CMS delivery item of its content key. When that fetch fails, a warning names
 * the content key and site id and the media delivery URL built from the key is used instead.
 */
export async function getLogo(siteId: string, contentKey: string, options: { signal?: AbortSignal } = {}): Promise<ImageInfo> {
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
