// Application context (store settings) with its cache (spec section 4,
// "Application context cache"): fetched as a guest, kept for the max-age of
// the Cache-Control header (default 300000 ms), refreshed when expired or
// within 30 s of expiry. TanStack Query keeps it (lifetime, one request shared by
// concurrent callers) in the data layer's own client, because cart calls read the
// settings outside any component.

import { commerceUrl, layerClient, request } from './http';

export const APP_CONTEXT_DEFAULT_TTL_MS = 300_000;
export const APP_CONTEXT_REFRESH_WINDOW_MS = 30_000;

/** The store settings; fields as named in spec section 3 (others pass through). */
export interface ApplicationContext {
  guestBrowsingEnabled?: boolean;
  guestCartEnabled?: boolean;
  guestCheckoutEnabled?: boolean;
  guestCartCheckoutEnabled?: boolean;
  splitShipmentEnabled?: boolean;
  cartCalculateEnabled?: boolean;
  placeOrderV2Enabled?: boolean;
  shippingCountries?: string[];
  taxType?: string;
  country?: string;
  defaultCurrency?: string;
  currencyIsoCode?: string;
  supportedCurrencies?: string[];
  sessionDrivenCurrency?: boolean;
  inventoryConfiguration?: { inventoryDefaultSource?: { reservationInSeconds?: number | string | null } };
  markets?: { marketId?: string; localeCurrencyMap?: Record<string, string> | null }[];
  propertiesEx?: Record<string, unknown>;
  [key: string]: unknown;
}

/** max-age of a Cache-Control header in ms, or the default when absent or unreadable. */
export function maxAgeMs(cacheControl: string | null): number {
  if (!cacheControl) return APP_CONTEXT_DEFAULT_TTL_MS;
  const m = /(?:^|[,\s])max-age\s*=\s*"?(\d+)"?/i.exec(cacheControl);
  if (!m) return APP_CONTEXT_DEFAULT_TTL_MS;
  return Number(m[1]) * 1000;
}

interface Cached {
  value: ApplicationContext;
  maxAgeMs: number;
}

const APP_CONTEXT_KEY = ['application-context'];

/** The cached application context; fetched with ?asGuest=true when missing, expired or about to expire. */
export async function getApplicationContext(): Promise<ApplicationContext> {
  const cached = await layerClient.fetchQuery<Cached>({
    queryKey: APP_CONTEXT_KEY,
    queryFn: async ({ signal }) => {
      // Fetched as a guest: the settings do not depend on the effective account.
      const res = await request<ApplicationContext>(
        commerceUrl('application-context', { asGuest: 'true' }, { effectiveAccount: false }),
        { signal },
      );
      return { value: res.data ?? {}, maxAgeMs: maxAgeMs(res.headers.get('cache-control')) };
    },
    // Fresh until 30 s before the server's max-age runs out.
    staleTime: (query) => (query.state.data?.maxAgeMs ?? 0) - APP_CONTEXT_REFRESH_WINDOW_MS,
  });
  return cached.value;
}

/** Drops the cached application context; for tests and after a store change. */
export function clearApplicationContextCache(): void {
  layerClient.removeQueries({ queryKey: APP_CONTEXT_KEY });
}

/** Inventory reservation length when the application context gives none (spec section 9). */
export const DEFAULT_RESERVATION_SECONDS = 14_400;

/** A settings flag as a boolean: true or "true" (spec section 3: propertiesEx flags are coerced). */
export function settingEnabled(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

/** Whether cart calls carry X-Highscale: true (propertiesEx.highScaleCartEnabled). */
export function isHighScaleCartEnabled(app: ApplicationContext): boolean {
  return settingEnabled(app.propertiesEx?.highScaleCartEnabled);
}

/** The store's inventory reservation length in seconds, 14400 when it sets none. */
export function reservationSeconds(app: ApplicationContext): number {
  const n = Number(app.inventoryConfiguration?.inventoryDefaultSource?.reservationInSeconds ?? NaN);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_RESERVATION_SECONDS;
}

/** The currency a market maps the site language to; 'en_US' and 'en-US' name the same locale. */
function marketCurrency(app: ApplicationContext, language: string): string | null {
  const keys = [language, language.replace('-', '_'), language.replace('_', '-')];
  for (const market of app.markets ?? []) {
    const map = market?.localeCurrencyMap;
    if (!map) continue;
    const hit = keys.map((k) => map[k]).find((v) => typeof v === 'string' && v !== '');
    if (hit) return hit;
  }
  return null;
}

/**
 * The currency cart calls ask for (spec section 5, "Currency choice"): none when the
 * session drives the currency; else the only supported currency; else the currency the
 * site language maps to, if supported; else the default currency.
 */
export function chooseCurrency(app: ApplicationContext, language: string | null): string | null {
  if (settingEnabled(app.sessionDrivenCurrency)) return null;
  const supported = (app.supportedCurrencies ?? []).filter((c) => typeof c === 'string' && c !== '');
  if (supported.length === 1) return supported[0];
  const mapped = language ? marketCurrency(app, language) : null;
  if (mapped && supported.includes(mapped)) return mapped;
  return app.defaultCurrency || null;
}
