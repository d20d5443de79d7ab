import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../queryClient';
import { queryKeys } from '../data/hooks';
import { resetConfig, setWebstoreId, type Site } from '../data';
import { clearCookies, jsonResponse, mockFetch } from '../data/testing';
import { SEO_MARK, clearAllSeoHead } from '../lib/seoHead';
import { useSeoHead } from './useSeoHead';

const SITE: Site = {
  webstoreId: '0ZEXX0000000001AAA', communityId: '0DBXX0000000001AAA', siteId: '0DMXX0000000001AAA',
  language: 'en_US', locale: 'en-US', basePath: '', storeName: 'Acme Supply',
};
const SEO_URL = (id: string) => `/services/data/v64.0/connect/communities/0DBXX0000000001AAA/seo/properties/${id}`;

function Probe({ recordId, record }: { recordId: string; record: Record<string, unknown> }) {
  const seo = useSeoHead(recordId, record);
  return (
    <p>
      {seo.loaded ? 'loaded' : 'loading'} errors={seo.errors.length} title={seo.title}
    </p>
  );
}

function setup() {
  const client = createQueryClient();
  client.setQueryData(queryKeys.site, SITE);
  const ui = (recordId: string, record: Record<string, unknown>) => (
    <QueryClientProvider client={client}>
      <Probe recordId={recordId} record={record} />
    </QueryClientProvider>
  );
  return { client, ui };
}

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? null;
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;

beforeEach(() => {
  resetConfig();
  setWebstoreId(SITE.webstoreId);
  clearCookies();
  clearAllSeoHead();
  document.title = 'Store';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useSeoHead', () => {
  it('applies the record SEO, reapplies it for another record and clears it on unmount', async () => {
    const { calls } = mockFetch((url) => {
      if (url === SEO_URL('01tA')) {
        return jsonResponse({ title: '{!Record.Name} | Acme', description: 'Buy {!Record.Name}', canonicalUrl: '/product/a/01tA', isSeoIndexed: true, hrefLangUrls: { 'en-US': '/product/a/01tA' } });
      }
      return jsonResponse({ title: '{!Record.Name}', description: '{!Record.Description}', isSeoIndexed: false, recordName: 'Server name' });
    });
    const { ui } = setup();
    const view = render(ui('01tA', { Name: 'Gel "Pro" Pen' }));
    await screen.findByText(/^loaded/);
    expect(calls[0].url).toBe(SEO_URL('01tA'));
    expect(document.title).toBe('Gel "Pro" Pen | Acme');
    expect(description()).toBe('Buy Gel "Pro" Pen');
    expect(canonical()).toBe(`${location.origin}/product/a/01tA`);
    expect(document.head.querySelector('link[rel="alternate"]')?.getAttribute('hreflang')).toBe('en-US');
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();

    view.rerender(ui('01tB', { Description: 'Second' }));
    await waitFor(() => expect(document.title).toBe('Server name'));
    expect(description()).toBe('Second');
    expect(canonical()).toBeNull();
    expect(document.head.querySelector('link[rel="alternate"]')).toBeNull();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);

    view.unmount();
    expect(document.head.querySelectorAll(`[${SEO_MARK}]`)).toHaveLength(0);
    expect(document.title).toBe('Store');
  });

  it('reapplies when the record data changes', async () => {
    mockFetch(() => jsonResponse({ title: '{!Record.Name}' }));
    const { ui } = setup();
    const view = render(ui('01tA', { Name: 'First' }));
    await waitFor(() => expect(document.title).toBe('First'));
    view.rerender(ui('01tA', { Name: 'Renamed' }));
    await waitFor(() => expect(document.title).toBe('Renamed'));
    expect(document.head.querySelectorAll(`[${SEO_MARK}]`)).toHaveLength(0);
  });

  it('gives empty data and the errors on a failed fetch, without crashing or touching the head', async () => {
    mockFetch(() => jsonResponse([{ errorCode: 'INSUFFICIENT_ACCESS', message: 'No access.' }], { status: 403 }));
    const { ui } = setup();
    render(ui('01tA', { Name: 'Gel Pen' }));
    expect(await screen.findByText('loaded errors=1 title=')).toBeTruthy();
    expect(document.title).toBe('Store');
    expect(document.head.querySelectorAll(`[${SEO_MARK}]`)).toHaveLength(0);
  });

  it('does not fetch without a record id', async () => {
    const { calls } = mockFetch(() => jsonResponse({}));
    const { ui } = setup();
    render(ui('', {}));
    await act(async () => {});
    expect(calls).toHaveLength(0);
    expect(screen.getByText(/^loading/)).toBeTruthy();
  });
});
