/// <reference types="vite/client" />
// The server answers 404 for paths that are none of the app's pages, from its one list of pages
// (internal/siteroutes/pages.txt). That list and the router's routes must agree: a route the list
// lacks would answer 404 on a reload, a page the router lacks would show "not found" with a 200.
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import pagesFile from '../../internal/siteroutes/pages.txt?raw';
import { routes } from './routes';

/**
 * Pages in the server's list whose routes other branches are adding to routes.tsx right now. They are
 * tolerated as missing from the router; once routes.tsx has them, delete them here.
 */
const ROUTES_BEING_ADDED = new Set(['/cart', '/quick-order']);

/** The full path of every route that renders a page; the catch-all (not found) is none. */
function routePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((r) => {
    if (r.path === '*') return [];
    const own = r.index ? parent : r.path === undefined ? parent : r.path.startsWith('/') ? r.path : `${parent.replace(/\/$/, '')}/${r.path}`;
    const here = r.element !== undefined || r.Component !== undefined || r.lazy !== undefined ? [own || '/'] : [];
    // A layout route with children renders no page of its own, only its index child does.
    return r.children ? routePaths(r.children, own) : here;
  });
}

function serverPages(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

describe('the server knows every page of the app', () => {
  const app = routePaths(routes);
  const server = serverPages(pagesFile);

  it('lists every route of the router', () => {
    expect(app.length).toBeGreaterThan(5);
    expect(app.filter((p) => !server.includes(p))).toEqual([]);
  });

  it('lists no page the router does not route', () => {
    expect(server.filter((p) => !app.includes(p) && !ROUTES_BEING_ADDED.has(p))).toEqual([]);
    for (const p of ROUTES_BEING_ADDED) expect(server).toContain(p);
  });

  it('keeps a catch-all route for the rest, which shows the not-found page', () => {
    const all = (list: RouteObject[]): RouteObject[] => list.flatMap((r) => [r, ...all(r.children ?? [])]);
    expect(all(routes).some((r) => r.path === '*')).toBe(true);
  });
});
