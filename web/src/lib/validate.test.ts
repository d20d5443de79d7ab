import { describe, expect, it } from 'vitest';
import {
  NOOP_HREF,
  formatPhoneNumber,
  isAllowedIframeSrc,
  isDangerousUrl,
  isIsoDateTime,
  isValidHeadingLevel,
  isValidHexColor,
  isValidImageUrl,
  isValidLatitude,
  isValidLongitude,
  isValidSearchText,
  normaliseGridColumns,
  normaliseHeadingLevel,
  normaliseHexColor,
  safeUrl,
} from './validate';

describe('isValidImageUrl', () => {
  it('accepts http(s) and data:image URLs', () => {
    expect(isValidImageUrl('https://cdn.example.com/a.png')).toBe(true);
    expect(isValidImageUrl('http://cdn.example.com/a.png')).toBe(true);
    expect(isValidImageUrl('HTTPS://CDN.EXAMPLE.COM/A.PNG')).toBe(true);
    expect(isValidImageUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isValidImageUrl('data:image/svg+xml,<svg/>')).toBe(true);
  });
  it('refuses other schemes, relative paths and non-strings', () => {
    for (const v of ['/cms/delivery/media/x', 'ftp://x/y.png', 'javascript:alert(1)', 'data:text/html,<b>', 'https://', '', null, 1]) {
      expect(isValidImageUrl(v)).toBe(false);
    }
  });
});

describe('safeUrl / isDangerousUrl', () => {
  it('replaces script-like and non-image data URLs by the no-op link', () => {
    for (const v of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      '  javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:image/svg+xml,<svg onload=alert(1)>',
    ]) {
      expect(isDangerousUrl(v)).toBe(true);
      expect(safeUrl(v)).toBe(NOOP_HREF);
    }
  });
  it('keeps ordinary links and raster data images', () => {
    for (const v of ['https://example.com/x', '/product/a/01t', '#top', 'mailto:a@b.co', 'tel:+15551234567', 'data:image/png;base64,AAAA']) {
      expect(isDangerousUrl(v)).toBe(false);
      expect(safeUrl(v)).toBe(v);
    }
  });
  it('gives the no-op link for missing values', () => {
    expect(safeUrl(undefined)).toBe(NOOP_HREF);
    expect(safeUrl('   ')).toBe(NOOP_HREF);
  });
});

describe('isIsoDateTime', () => {
  it('accepts dates and date-times with real calendar values', () => {
    for (const v of ['2024-02-29', '2023-12-31', '2024-02-29T13:45:00.000Z', '2024-01-01T00:00', '2024-01-01T23:59:59+02:00', '2024-01-01T10:00:00-0530']) {
      expect(isIsoDateTime(v)).toBe(true);
    }
  });
  it('refuses impossible dates and other text', () => {
    for (const v of ['2023-02-29', '2024-13-01', '2024-04-31', '2024-01-01T24:00', '2024-01-01T10:60', '2024-1-1', '01/02/2024', '', null, 20240101]) {
      expect(isIsoDateTime(v)).toBe(false);
    }
  });
});

describe('latitude and longitude', () => {
  it('bounds latitude to ±90 and longitude to ±180', () => {
    expect(isValidLatitude(90)).toBe(true);
    expect(isValidLatitude(-90)).toBe(true);
    expect(isValidLatitude('45.5')).toBe(true);
    expect(isValidLatitude(90.0001)).toBe(false);
    expect(isValidLatitude('north')).toBe(false);
    expect(isValidLongitude(-180)).toBe(true);
    expect(isValidLongitude(180)).toBe(true);
    expect(isValidLongitude(180.5)).toBe(false);
    expect(isValidLongitude(Infinity)).toBe(false);
    expect(isValidLongitude('')).toBe(false);
  });
});

describe('isAllowedIframeSrc', () => {
  it('allows https embeds from allowlisted video hosts and the site', () => {
    expect(isAllowedIframeSrc('https://www.youtube.com/embed/abc')).toBe(true);
    expect(isAllowedIframeSrc('https://player.vimeo.com/video/1')).toBe(true);
    expect(isAllowedIframeSrc('https://shop.example.com/page', ['shop.example.com'])).toBe(true);
  });
  it('refuses http, other hosts, look-alikes and credentials', () => {
    expect(isAllowedIframeSrc('http://www.youtube.com/embed/abc')).toBe(false);
    expect(isAllowedIframeSrc('https://evil.example/embed')).toBe(false);
    expect(isAllowedIframeSrc('https://www.youtube.com.evil.example/embed')).toBe(false);
    expect(isAllowedIframeSrc('https://user:pw@www.youtube.com/embed')).toBe(false);
    expect(isAllowedIframeSrc('javascript:alert(1)')).toBe(false);
    expect(isAllowedIframeSrc('not a url')).toBe(false);
  });
});

describe('headings, colours, grid columns', () => {
  it('accepts heading levels 1 to 6', () => {
    for (const v of [1, 2, 6, '3']) expect(isValidHeadingLevel(v)).toBe(true);
    for (const v of [0, 7, 2.5, 'h2', null]) expect(isValidHeadingLevel(v)).toBe(false);
    expect(normaliseHeadingLevel(9)).toBe(2);
    expect(normaliseHeadingLevel('4')).toBe(4);
  });
  it('accepts 6-digit hex colours only', () => {
    expect(isValidHexColor('#1B2A41')).toBe(true);
    expect(isValidHexColor('c23934')).toBe(true);
    for (const v of ['#fff', '#1B2A411', '#GGGGGG', 'red', '', null]) expect(isValidHexColor(v)).toBe(false);
    expect(normaliseHexColor('C23934')).toBe('#c23934');
    expect(normaliseHexColor('#abc')).toBeNull();
  });
  it('limits grid columns to 1-6', () => {
    expect(normaliseGridColumns(3)).toBe(3);
    expect(normaliseGridColumns('6')).toBe(6);
    expect(normaliseGridColumns(0)).toBe(1);
    expect(normaliseGridColumns(12)).toBe(6);
    expect(normaliseGridColumns(-4)).toBe(1);
    expect(normaliseGridColumns('abc', 4)).toBe(4);
    expect(normaliseGridColumns(2.9)).toBe(2);
  });
});

describe('formatPhoneNumber', () => {
  it('shows +1 numbers as (xxx) xxx-xxxx', () => {
    expect(formatPhoneNumber('+15550101000')).toBe('(555) 010-1000');
    expect(formatPhoneNumber('+1 555-010-1000')).toBe('(555) 010-1000');
    expect(formatPhoneNumber('+1 (555) 010 1000')).toBe('(555) 010-1000');
  });
  it('leaves other numbers as they are', () => {
    expect(formatPhoneNumber('+44 20 7946 0000')).toBe('+44 20 7946 0000');
    expect(formatPhoneNumber('+1555010100')).toBe('+1555010100');
    expect(formatPhoneNumber('555-010-1000')).toBe('555-010-1000');
    expect(formatPhoneNumber('+1 call me')).toBe('+1 call me');
    expect(formatPhoneNumber(null)).toBe('');
  });
});

describe('isValidSearchText', () => {
  it('needs one non-whitespace character and at most 255 characters', () => {
    expect(isValidSearchText('a')).toBe(true);
    expect(isValidSearchText('  gloves ')).toBe(true);
    expect(isValidSearchText('x'.repeat(255))).toBe(true);
    expect(isValidSearchText('x'.repeat(256))).toBe(false);
    expect(isValidSearchText('')).toBe(false);
    expect(isValidSearchText(' \t\n ')).toBe(false);
    expect(isValidSearchText(undefined)).toBe(false);
  });
});
