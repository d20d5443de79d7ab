import { useSession, useSite } from '../data/hooks';
import { usePageTitle } from './usePageTitle';

export function HomePage() {
  usePageTitle(null);
  const site = useSite();
  const session = useSession();
  const signedIn = session.data && !session.data.guestUser;
  return (
    <section aria-labelledby="home-title">
      <h2 id="home-title">Welcome to {site.data?.storeName || 'the store'}</h2>
      <p>
        {signedIn
          ? 'You are signed in. The catalog, cart and checkout are on their way.'
          : 'Browse our catalog soon. Log in to buy for your account.'}
      </p>
    </section>
  );
}
