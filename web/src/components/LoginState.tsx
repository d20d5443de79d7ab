import { Link, useLocation } from 'react-router';
import { clearEffectiveAccount, logoutUrl } from '../data';
import { useSession } from '../data/hooks';

/** The header's login-state area: Login for guests, greeting and Log out for buyers. */
export function LoginState() {
  const session = useSession();
  const location = useLocation();

  if (session.isPending) {
    return <div className="login-state" aria-busy="true" />;
  }

  const s = session.data;
  if (!s || s.guestUser) {
    const here = location.pathname + location.search;
    const to = location.pathname === '/' || location.pathname === '/login' ? '/login' : `/login?startURL=${encodeURIComponent(here)}`;
    return (
      <div className="login-state">
        <Link to={to}>Login</Link>
      </div>
    );
  }

  const name = [s.profile?.firstName, s.profile?.lastName].filter(Boolean).join(' ') || s.userName || '';
  return (
    <div className="login-state">
      <span className="greeting">{name ? `Hello, ${name}` : 'Hello'}</span>
      {/* A full page navigation to the server's logout route, not a client route. */}
      <a href={logoutUrl()} onClick={() => clearEffectiveAccount()}>
        Log out
      </a>
    </div>
  );
}
