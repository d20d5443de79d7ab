// Generic validation helpers (spec/storefront.md section 5, "Generic helpers";
// section 9 for the limits).

/** The href given to a link whose URL was refused: it goes nowhere. */
export const NOOP_HREF = '#';

/** An image URL is valid when it is http(s) or a data:image URL. */
export function isValidImageUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  const u = url.trim();
  return /^https?:\/\/[^\s]+$/i.test(u) || /^data:image\/[a-z0-9.+-]+[;,]/i.test(u);
}

/**
 * The scheme of a URL as a browser reads it: browsers ignore leading
 * whitespace and control characters and tabs or newlines anywhere, so
 * "java\tscript:" is javascript:.
 */
function effectiveScheme(url: string): string | null {
  // eslint-disable-next-line no-control-regex
  const cleaned = url.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned);
  return m ? m[1].toLowerCase() : null;
}

const SCRIPT_SCHEMES = new Set(['javascript', 'vbscript', 'livescript', 'mocha']);

/** True when following the URL could run script: javascript:, vbscript:, data: other than images. */
export function isDangerousUrl(url: string): boolean {
  const scheme = effectiveScheme(url);
  if (scheme === null) return false;
  if (SCRIPT_SCHEMES.has(scheme)) return true;
  if (scheme === 'data') return !/^data:image\/(png|gif|jpe?g|webp|avif|bmp)[;,]/i.test(url.trim());
  return false;
}

/** The URL itself, or the no-op link when it is missing or dangerous. */
export function safeUrl(url: unknown): string {
  if (typeof url !== 'string' || url.trim() === '') return NOOP_HREF;
  return isDangerousUrl(url) ? NOOP_HREF : url.trim();
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-](\d{2}):?(\d{2}))?$/;

function validDay(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[m - 1];
}

/** An ISO 8601 date (2024-02-29) or date and time (2024-02-29T13:45:00.000Z, +02:00 offsets) with real calendar values. */
export function isIsoDateTime(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const date = ISO_DATE.exec(value);
  if (date) return validDay(+date[1], +date[2], +date[3]);
  const dt = ISO_DATE_TIME.exec(value);
  if (!dt) return false;
  const [, y, mo, d, h, mi, s, , zone, zh, zm] = dt;
  if (!validDay(+y, +mo, +d)) return false;
  if (+h > 23 || +mi > 59 || (s !== undefined && +s > 59)) return false;
  if (zone && zone !== 'Z' && (+zh > 23 || +zm > 59)) return false;
  return true;
}

function finiteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** Latitude within ±90. */
export function isValidLatitude(value: unknown): boolean {
  const n = finiteNumber(value);
  return n !== null && n >= -90 && n <= 90;
}

/** Longitude within ±180. */
export function isValidLongitude(value: unknown): boolean {
  const n = finiteNumber(value);
  return n !== null && n >= -180 && n <= 180;
}

/** Video hosts whose players may be embedded. */
export const IFRAME_HOST_ALLOWLIST: readonly string[] = [
  'www.youtube.com',
  'youtube.com',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
  'fast.wistia.net',
  'fast.wistia.com',
  'www.loom.com',
  'players.brightcove.net',
  'play.vidyard.com',
];

/**
 * An iframe may embed a page only over https from an allowlisted host: the
 * video hosts above, plus the site's own hosts (siteHosts).
 */
export function isAllowedIframeSrc(src: unknown, siteHosts: readonly string[] = []): boolean {
  if (typeof src !== 'string') return false;
  let url: URL;
  try {
    url = new URL(src.trim());
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return IFRAME_HOST_ALLOWLIST.includes(host) || siteHosts.map((h) => h.toLowerCase()).includes(host);
}

/** Heading levels 1 to 6 are valid. */
export function isValidHeadingLevel(value: unknown): boolean {
  const n = finiteNumber(value);
  return n !== null && Number.isInteger(n) && n >= 1 && n <= 6;
}

/** A valid heading level, or the fallback. */
export function normaliseHeadingLevel(value: unknown, fallback: 1 | 2 | 3 | 4 | 5 | 6 = 2): 1 | 2 | 3 | 4 | 5 | 6 {
  return isValidHeadingLevel(value) ? (Number(value) as 1 | 2 | 3 | 4 | 5 | 6) : fallback;
}

/** A hex colour of exactly 6 digits, with or without the leading #. */
export function isValidHexColor(value: unknown): boolean {
  return typeof value === 'string' && /^#?[0-9a-f]{6}$/i.test(value.trim());
}

/** '#rrggbb' for a valid hex colour, otherwise null. */
export function normaliseHexColor(value: unknown): string | null {
  if (!isValidHexColor(value)) return null;
  const v = (value as string).trim().toLowerCase();
  return v.startsWith('#') ? v : `#${v}`;
}

export const GRID_MIN_COLUMNS = 1;
export const GRID_MAX_COLUMNS = 6;

/** Grid columns limited to 1 to 6; a non-numeric value gives the fallback. */
export function normaliseGridColumns(value: unknown, fallback = 1): number {
  const n = finiteNumber(value);
  if (n === null) return fallback;
  return Math.min(GRID_MAX_COLUMNS, Math.max(GRID_MIN_COLUMNS, Math.trunc(n)));
}

export type PhoneFormat = string;

/** A North American number with +1 as (xxx) xxx-xxxx; anything else unchanged. */
export function formatPhoneNumber(value: unknown): string {
  if (typeof value !== 'string') return '';
  const v = value.trim();
  if (!v.startsWith('+1')) return v;
  const rest = v.slice(2);
  if (!/^[\d\s().-]+$/.test(rest)) return v;
  const digits = rest.replace(/\D/g, '');
  if (digits.length !== 10) return v;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export const SEARCH_MAX_LENGTH = 255;

/** Search text needs one non-whitespace character and at most 255 characters. */
export function isValidSearchText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && value.length <= SEARCH_MAX_LENGTH;
}
