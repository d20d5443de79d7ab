import { Outlet } from 'react-router';
import { useSite } from '../data/hooks';
import { Header } from './header/Header';

/** The app shell: skip link, header (logo, navigation, search, login state), main region. */
export function Layout() {
  const site = useSite();
  const storeName = site.data?.storeName || 'Storefront';
  return (
    <>
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
    </>
  );
}
