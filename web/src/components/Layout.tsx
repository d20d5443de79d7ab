import { Link, Outlet } from 'react-router';
import { useSession, useSite } from '../data/hooks';
import { Header } from './header/Header';
import { LayoutOptionsContext, type LayoutOptions } from './layoutOptions';

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
        <Outlet />
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
