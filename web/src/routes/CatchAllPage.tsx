import { Link, useLocation } from 'react-router';
import { usePageTitle } from './usePageTitle';

/** First path segments of pages that exist in the storefront but are not built yet. */
const COMING_SOON = new Set([
  'account',
  'OrderSummary',
]);

export function CatchAllPage() {
  const { pathname } = useLocation();
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  const soon = COMING_SOON.has(first);
  const title = soon ? 'Coming soon' : 'Page not found';
  usePageTitle(title);
  return (
    <section aria-labelledby="catch-all-title">
      <h2 id="catch-all-title">{title}</h2>
      <p>{soon ? 'This page is not available yet. Check back soon.' : "We couldn't find the page you asked for."}</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
