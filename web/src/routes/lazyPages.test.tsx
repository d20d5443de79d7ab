import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { preloadPageAt } from './lazyPages';

function fakePage() {
  return vi.fn(() => Promise.resolve({ Component: () => null }));
}

describe('preloading the page of the address the app starts at', () => {
  const Home = fakePage();
  const Product = fakePage();
  const NotFound = () => null;
  const routes: RouteObject[] = [
    {
      path: '/',
      children: [
        { index: true, lazy: Home },
        { path: 'product/:urlName/:productId', lazy: Product },
        { path: '*', element: <NotFound /> },
      ],
    },
  ];

  it('loads the page a path routes to, with or without a site base path before it', () => {
    preloadPageAt(routes, '/product/pen/01t1');
    expect(Product).toHaveBeenCalledTimes(1);
    preloadPageAt(routes, '/shop/product/pen/01t1');
    expect(Product).toHaveBeenCalledTimes(2);
    preloadPageAt(routes, '/shop');
    expect(Home).toHaveBeenCalledTimes(1);
  });

  it('loads nothing for a path no page takes', () => {
    preloadPageAt(routes, '/no/such/page');
    expect(Home).toHaveBeenCalledTimes(1);
    expect(Product).toHaveBeenCalledTimes(2);
  });
});
