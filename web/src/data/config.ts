// Site configuration shared by every call: the site base path and the webstore id.
// Both come from GET /api/site (see site.ts) and are set once at bootstrap.

export const API_VERSION = 'v64.0';

let basePath = '';
let webstoreId: string | null = null;
let siteLanguage: string | null = null;

/**
 * Normalises a base path to '' (site at the origin root) or '/segment[/...]'
 * without a trailing slash.
 */
export function normaliseBasePath(value: string | null | undefined): string {
  const trimmed = (value ?? '').trim();
  if (trimmed === '' || trimmed === '/') return '';
  const withLeading = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  return withLeading.replace(/\/+$/, '');
}

export function setBasePath(value: string | null | undefined): void {
  basePath = normaliseBasePath(value);
}

export function getBasePath(): string {
  return basePath;
}

export function setWebstoreId(value: string | null): void {
  webstoreId = value;
}

export function getWebstoreId(): string {
  if (!webstoreId) {
    throw new Error('webstoreId is not known yet: load the site (getSite) first');
  }
  return webstoreId;
}

/** The site's language ('en_US'), set at bootstrap; it picks the locale-mapped currency. */
export function setSiteLanguage(value: string | null | undefined): void {
  siteLanguage = value?.trim() || null;
}

export function getSiteLanguage(): string | null {
  return siteLanguage;
}

/** Prefixes a site-relative path ('/api/site') with the base path. */
export function sitePath(path: string): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  return `${basePath}${p}`;
}

/** Resets the module state; for tests. */
export function resetConfig(): void {
  basePath = '';
  webstoreId = null;
  siteLanguage = null;
}
