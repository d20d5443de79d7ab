import { Outlet } from 'react-router';
import { usePreserveGuestCart } from '../data/cartHooks';
import { useSite } from '../data/hooks';
import { Header } from './header/Header';
import { LayoutOptionsContext, type LayoutOptions } from './layoutOptions';

/**
 * The app shell: skip link, header (logo, navigation, search, login state), main region.
 * searchPlaceholder is the header search box's placeholder for the page (useLayoutOptions).
 */
export function Layout({ searchPlaceholder }: LayoutOptions = {}) {
  const site = useSite();
  // After login, the guest's cart joins the buyer's (spec section 4, "Guest cart").
  usePreserveGuestCart();
  const storeName = site.data?.storeName || 'Storefront';
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
        <p>{storeName}</p>
      </footer>
    </LayoutOptionsContext.Provider>
  );
}
