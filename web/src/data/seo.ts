// SEO properties of a record page (spec/storefront.md section 7 "Content and
// SEO"; contracts/seo): GET /connect/communities/{communityId}/seo/properties/{recordId}.
// A failed fetch gives empty data with an errors list, never a throw (aborts excepted).

import { API_VERSION } from './config';
import { FetchError, isAbortError, type ApiErrorEntry } from './errors';
import { getEffectiveAccountId } from './effectiveAccount';
import { requestJson, siteUrl } from './http';

/** SEO properties cache lifetime: 1 hour (spec section 9). */
export const SEO_PROPERTIES_TTL_MS = 3_600_000;

export interface SeoProperties {
  title?: string | null;
  description?: string | null;
  customHeadTags?: string | null;
  /** Alternate URLs by language code ("en-US": "https://..."). */
  hrefLangUrls?: Record<string, string> | null;
  canonicalUrl?: string | null;
  isSeoIndexed?: boolean | null;
  recordId?: string | null;
  recordName?: string | null;
  objectName?: string | null;
  fields?: Record<string, string | null> | null;
  complexFields?: Record<string, unknown> | null;
}

export interface SeoResult {
  data: SeoProperties;
  errors: ApiErrorEntry[];
}

export function seoPropertiesUrl(communityId: string, recordId: string, fields?: string[]): string {
  return siteUrl(
    `/services/data/${API_VERSION}/connect/communities/${encodeURIComponent(communityId)}/seo/properties/${encodeURIComponent(recordId)}`,
    {
      fields: fields && fields.length > 0 ? fields.join(',') : undefined,
      // The server hides records the effective account may not see, as the catalog calls do.
      effectiveAccountId: getEffectiveAccountId() ?? undefined,
    },
  );
}

export async function getSeoProperties(
  communityId: string,
  recordId: string,
  options: { fields?: string[]; signal?: AbortSignal } = {},
): Promise<SeoResult> {
  try {
    const data = await requestJson<SeoProperties>(seoPropertiesUrl(communityId, recordId, options.fields), {
      signal: options.signal,
    });
    return { data: data && typeof data === 'object' ? data : {}, errors: [] };
  } catch (err) {
    if (isAbortError(err)) throw err;
    if (err instanceof FetchError) {
      const errors = err.errors.length > 0 ? err.errors : [{ type: String(err.status), message: err.statusText || err.message }];
      return { data: {}, errors };
    }
    return { data: {}, errors: [{ message: err instanceof Error ? err.message : String(err) }] };
  }
}
