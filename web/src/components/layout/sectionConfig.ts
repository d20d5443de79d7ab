// Section configuration and properties (spec/storefront.md section 3,
// "Section configuration" and "Section properties"; section 2 "Layout pieces").

import { resolveMediaUrl } from '../../data/catalog';
import { isValidImageUrl } from '../../lib/validate';

export interface SectionColumn {
  columnKey: string;
  columnName: string;
  /** 1 to 12 twelfths. */
  columnWidth: number;
  seedComponents: unknown[];
}

export const DEFAULT_COLUMN: SectionColumn = Object.freeze({
  columnKey: 'col1',
  columnName: 'Column 1',
  columnWidth: 12,
  seedComponents: [],
}) as SectionColumn;

/** A column width of 1 to 12; the default is 12 and a non-numeric value gives 12. */
export function normaliseColumnWidth(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return 12;
  return Math.min(12, Math.max(1, Math.round(n)));
}

/**
 * Reads a section configuration: a JSON string (or object) with a list of
 * columns. Anything unreadable, or no columns, gives one column named
 * Column 1 with width 12.
 */
export function parseSectionConfiguration(config: unknown): SectionColumn[] {
  let value: unknown = config;
  if (typeof config === 'string') {
    try {
      value = JSON.parse(config);
    } catch {
      value = null;
    }
  }
  const list = value && typeof value === 'object' ? (value as { columns?: unknown }).columns : null;
  if (!Array.isArray(list) || list.length === 0) return [{ ...DEFAULT_COLUMN, seedComponents: [] }];
  return list.map((raw, i) => {
    const c = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const key = typeof c.columnKey === 'string' && c.columnKey.trim() !== '' ? c.columnKey : `col${i + 1}`;
    const name = typeof c.columnName === 'string' && c.columnName.trim() !== '' ? c.columnName : `Column ${i + 1}`;
    return {
      columnKey: key,
      columnName: name,
      columnWidth: normaliseColumnWidth(c.columnWidth),
      seedComponents: Array.isArray(c.seedComponents) ? c.seedComponents : [],
    };
  });
}

export type LayoutDirection = 'row' | 'column';
export type VerticalAlign = 'flex-start' | 'center' | 'flex-end' | 'stretch';

export interface BackgroundImageConfig {
  Url?: string;
  AltText?: string;
  bgPosition?: string;
  bgSizeOrRepeat?: string;
  SrcSet?: unknown;
}

export interface SectionProperties {
  maxContentWidth?: string | number;
  sectionColumnGutterWidth?: string | number;
  componentSpacerSize?: string | number;
  sectionMinHeight?: string | number;
  layoutDirectionDesktop?: string;
  layoutDirectionTablet?: string;
  layoutDirectionMobile?: string;
  sectionVerticalAlign?: string;
  backgroundImageConfig?: string | BackgroundImageConfig;
  backgroundImageOverlay?: string;
}

/** A CSS length: a number is px; a string with a CSS unit is kept; anything else null. */
export function cssLength(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return `${value}px`;
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return `${v}px`;
  if (/^\d+(\.\d+)?(px|rem|em|%|vh|vw|ch)$/.test(v)) return v;
  if (v === 'none' || v === 'auto') return v;
  return null;
}

export function normaliseLayoutDirection(value: unknown, fallback: LayoutDirection): LayoutDirection {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (v === 'row' || v === 'horizontal') return 'row';
  if (v === 'column' || v === 'vertical') return 'column';
  return fallback;
}

export function normaliseVerticalAlign(value: unknown): VerticalAlign {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (v === 'center' || v === 'middle') return 'center';
  if (v === 'flex-end' || v === 'bottom' || v === 'end') return 'flex-end';
  if (v === 'stretch') return 'stretch';
  return 'flex-start';
}

/** A colour for the overlay: hex (#rgb, #rrggbb, #rrggbbaa) or rgb()/rgba()/hsl()/hsla(); null otherwise. */
export function cssColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (/^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(v)) return v;
  if (/^(rgb|hsl)a?\(\s*[\d.%\s,/+-]+\)$/i.test(v)) return v;
  if (v === 'transparent') return v;
  return null;
}

export interface ResponsiveBackground {
  mobile: string;
  tablet: string;
  desktop: string;
  alt: string;
  position: string;
  sizeOrRepeat: string;
}

function imageUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  if (isValidImageUrl(value)) return value.trim();
  return resolveMediaUrl(value); // site-relative media paths
}

function srcSetEntry(srcSet: unknown, name: 'mobile' | 'tablet' | 'desktop'): string | null {
  if (Array.isArray(srcSet)) {
    for (const e of srcSet) {
      if (!e || typeof e !== 'object') continue;
      const o = e as Record<string, unknown>;
      const label = [o.name, o.size, o.formFactor, o.key, o.type].find((x) => typeof x === 'string') as string | undefined;
      if (label?.toLowerCase() === name) return imageUrl(o.url ?? o.Url);
      if (name in o) return imageUrl(o[name]);
    }
    return null;
  }
  if (srcSet && typeof srcSet === 'object') {
    const v = (srcSet as Record<string, unknown>)[name];
    return imageUrl(v && typeof v === 'object' ? ((v as Record<string, unknown>).url ?? (v as Record<string, unknown>).Url) : v);
  }
  return null;
}

const POSITIONS = /^(left|center|right|top|bottom)( (left|center|right|top|bottom))?$/;
const SIZE_OR_REPEAT = new Set(['cover', 'contain', 'auto', 'repeat', 'repeat-x', 'repeat-y', 'no-repeat']);

/**
 * Reads the background image configuration: mobile, tablet and desktop
 * images from the SrcSet list, each falling back to Url. Null when there is no
 * usable image.
 */
export function parseBackgroundImage(config: unknown): ResponsiveBackground | null {
  let value: unknown = config;
  if (typeof config === 'string') {
    try {
      value = JSON.parse(config);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const c = value as BackgroundImageConfig;
  const fallback = imageUrl(c.Url);
  const pick = (n: 'mobile' | 'tablet' | 'desktop') => srcSetEntry(c.SrcSet, n) ?? fallback;
  const desktop = pick('desktop');
  const tablet = pick('tablet') ?? desktop;
  const mobile = pick('mobile') ?? tablet;
  if (!desktop && !tablet && !mobile) return null;
  const position = typeof c.bgPosition === 'string' && POSITIONS.test(c.bgPosition.trim().toLowerCase()) ? c.bgPosition.trim().toLowerCase() : 'center';
  const sr = typeof c.bgSizeOrRepeat === 'string' ? c.bgSizeOrRepeat.trim().toLowerCase() : '';
  return {
    mobile: (mobile ?? tablet ?? desktop) as string,
    tablet: (tablet ?? desktop ?? mobile) as string,
    desktop: (desktop ?? tablet ?? mobile) as string,
    alt: typeof c.AltText === 'string' ? c.AltText : '',
    position,
    sizeOrRepeat: SIZE_OR_REPEAT.has(sr) ? sr : 'cover',
  };
}

/** A CSS url() value with the URL quoted and escaped. */
export function cssUrl(url: string): string {
  return `url("${url.replace(/["\\\n\r]/g, (ch) => `\\${ch.charCodeAt(0).toString(16)} `)}")`;
}
