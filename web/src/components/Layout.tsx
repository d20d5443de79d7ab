import { Link, Outlet, useNavigation } from 'react-router';
import { usePreserveGuestCart } from '../data/cartHooks';
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
 * pageLoading: the page's code is still on its way (the route's hydrateFallbackElement on the
 * first load, see routes/lazyPages); the main region says so instead of showing the page.
 */
export function Layout({ searchPlaceholder, pageLoading = false }: LayoutOptions & { pageLoading?: boolean }) {
  const site = useSite();
  // After login, the guest's cart joins the buyer's (spec section 4, "Guest cart").
  usePreserveGuestCart();
  const storeName = site.data?.storeName || 'Storefront';
  const buyer = useSession().data?.guestUser === false;
  // A later page's code loads while the current page stays on screen: the region is marked busy meanwhile.
  const navigating = useNavigation().state === 'loading';
  return (
    <LayoutOptionsContext.Provider value={{ searchPlaceholder }}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <Header />
      <main id="main-content" tabIndex={-1} aria-busy={pageLoading || navigating || undefined}>
        {pageLoading ? <PageLoading /> : <Outlet />}
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
