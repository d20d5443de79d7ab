import { Link, Outlet } from 'react-router';
import { useSite } from '../data/hooks';
import { LoginState } from './LoginState';

/** The app shell: skip link, header (brand, navigation, login state), main region. */
export function Layout() {
  const site = useSite();
  const storeName = site.data?.storeName || 'Storefront';
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="site-header">
        <h1 className="brand">
          <Link to="/">{storeName}</Link>
        </h1>
        <nav aria-label="Main" className="main-nav">
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
          </ul>
        </nav>
        <LoginState />
      </header>
      <main id="main-content" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>{storeName}</p>
      </footer>
    </>
  );
}
