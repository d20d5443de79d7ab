import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useSession, useSite } from '../data/hooks';
import { Header } from './header/Header';
import { LayoutOptionsContext, type LayoutOptions } from './layoutOptions';

/**
 * The state shown while a page's code loads: announced to screen readers at once, shown only after
 * a moment (styles.css), so that a fast load does not flash it.
 */
function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading__spinner" aria-hidden="true" />
      Loading the page…
    </div>
  );
}

/**
 * The app shell: skip link, header (logo, navigation, search, login state), main region.
 * searchPlaceholder is the header search box's placeholder for the page (useLayoutOptions).
 */
export function Layout({ searchPlaceholder }: LayoutOptions = {}) {
  const site = useSite();
  const storeName = site.data?.storeName || 'Storefront';
  const buyer = useSession().data?.guestUser === false;
  return (
    <LayoutOptionsContext.Provider value={{ searchPlaceholder }}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <Header />
      <main id="main-content" tabIndex={-1}>
        {/* Pages are loaded on first use (routes/lazyPages); the header stays while one arrives. */}
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        {buyer ? (
          <nav aria-label="Ordering" className="site-footer__nav">
            <Link to="/quick-order">Quick Order</Link>
          </nav>
        ) : null}
        <p>{storeName}</p>
      </footer>
    </LayoutOptionsContext.Provider>
  );
}
