// The staff console's shell: who may enter (staff only: guests go to the login page, buyers to the store), the records
// data layer for every page below it, the app launcher, the search box and the selected app's nav items (a menu
// button shows them on phones).

import { useState, type FormEvent } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import { isStaffSession } from '../data/api';
import { useSession } from '../data/hooks';
import { DataLayer, DataLayerProvider, getAllApps, useWire } from '../data/records';
import { loginPathFor } from '../routes/guest';
import { useWriteThenRefresh } from './shared';
import './console.css';

export interface NavItem {
  itemType: string;
  label: string;
  objectApiName?: string | null;
  developerName: string;
}

interface App {
  appId: string;
  label: string;
  selected?: boolean;
  navItems: NavItem[];
}

const APPS_CONFIG = { formFactor: 'Large' };

/** Route module of {basePath}/console: the guard and shell. */
export function ConsoleRoot() {
  const session = useSession();
  const location = useLocation();
  const [layer] = useState(() => new DataLayer());
  if (session.isPending) {
    return (
      <main className="cs-boot" aria-busy="true">
        <p role="status">Loading the console…</p>
      </main>
    );
  }
  // Guests sign in first and come back; buyers have no console: they are sent to the store's home.
  if (session.data?.guestUser !== false) return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  if (!isStaffSession(session.data)) return <Navigate to="/" replace />;
  return (
    <DataLayerProvider layer={layer}>
      <ConsoleShell />
    </DataLayerProvider>
  );
}

function ConsoleShell() {
  const apps = useWire(getAllApps, APPS_CONFIG);
  const write = useWriteThenRefresh();
  const [error, setError] = useState('');
  const [menuOpen, setMenuOpen] = useState(false);
  const list = (apps.data as { apps?: App[] } | undefined)?.apps ?? [];
  const selected = list.find((a) => a.selected) ?? list[0];
  const navItems = (selected?.navItems ?? []).filter((n) => n.itemType === 'Entity' && n.objectApiName);

  const choose = async (appId: string) => {
    setError('');
    try {
      await write({ method: 'PATCH', path: `apps/${encodeURIComponent(appId)}` }, [[getAllApps, APPS_CONFIG]]);
    } catch {
      setError('The app could not be selected. Try again.');
    }
  };

  return (
    <div className="cs">
      <a className="cs-skip" href="#cs-main">
        Skip to content
      </a>
      <header className="cs-header">
        <span className="cs-brand">Console</span>
        <button type="button" className="cs-menu" aria-expanded={menuOpen} aria-controls="cs-nav" onClick={() => setMenuOpen((o) => !o)}>
          Menu
        </button>
        <label className="cs-launcher">
          <span>App</span>
          <select value={selected?.appId ?? ''} onChange={(e) => void choose(e.target.value)} disabled={!list.length}>
            {list.map((a) => (
              <option key={a.appId} value={a.appId}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
        {error ? <p role="alert">{error}</p> : null}
        <ConsoleSearch />
        <NavLink className="cs-store" to="/">
          Back to the store
        </NavLink>
      </header>
      <nav id="cs-nav" className={menuOpen ? 'cs-nav cs-nav--open' : 'cs-nav'} aria-label={selected ? `${selected.label} items` : 'Console items'}>
        {apps.state === 'Error' ? <p role="alert">The apps could not be loaded.</p> : null}
        <ul>
          {navItems.map((n) => (
            <li key={n.developerName}>
              <NavLink to={`/console/o/${n.objectApiName}`} onClick={() => setMenuOpen(false)}>
                {n.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="cs-main" className="cs-main" tabIndex={-1}>
        <Outlet context={navItems} />
      </main>
    </div>
  );
}

/** {basePath}/console: the selected app's first object home. */
export function ConsoleHome() {
  const navItems = useOutletContext<NavItem[]>();
  if (navItems.length) return <Navigate to={`/console/o/${navItems[0].objectApiName}`} replace />;
  return (
    <>
      <h1>Console</h1>
      <p role="status">Loading the app…</p>
    </>
  );
}

/** The header's search box: a term opens the search page ({basePath}/console/search?q=). */
function ConsoleSearch() {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (term.trim()) navigate(`/console/search?q=${encodeURIComponent(term.trim())}`);
  };
  return (
    <form role="search" className="cs-search" onSubmit={submit}>
      <label htmlFor="cs-search">Search the console</label>
      <input id="cs-search" type="search" value={term} onChange={(e) => setTerm(e.target.value)} />
      <button type="submit">Search</button>
    </form>
  );
}
