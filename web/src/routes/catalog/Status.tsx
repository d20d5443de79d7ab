import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FetchError } from '../../data/errors';

/** A loading message for a whole page or region. */
export function PageStatus({ children }: { children: ReactNode }) {
  return (
    <div className="sf-status" role="status" aria-live="polite">
      <span className="sf-spinner" aria-hidden="true" />
      {children}
    </div>
  );
}

/** A failed load: what happened and a way to try again. */
export function ErrorState({ title, error, onRetry, retrying }: { title: string; error?: unknown; onRetry?: () => void; retrying?: boolean }) {
  const detail = error instanceof FetchError && error.status === 0 ? 'Check your connection and try again.' : 'Please try again in a moment.';
  return (
    <div className="sf-error" role="alert">
      <p className="sf-error__title">{title}</p>
      <p>{detail}</p>
      {onRetry ? (
        <button type="button" className="sf-button sf-button--secondary" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying again…' : 'Try again'}
        </button>
      ) : null}
    </div>
  );
}

/** A page that does not exist (or that this visitor may not see). The heading takes focus. */
export function NotFound({ title, message }: { title: string; message: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="sf-not-found" aria-labelledby="not-found-title">
      <p className="sf-not-found__code" aria-hidden="true">404</p>
      <h1 id="not-found-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p>{message}</p>
      <p className="sf-not-found__actions">
        <Link className="sf-button" to="/">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}

/** True for a 404 answer, or a 400 refusing the id itself: either way the page does not exist. */
export function isNotFound(err: unknown): boolean {
  if (!(err instanceof FetchError)) return false;
  return err.status === 404 || (err.status === 400 && err.errors.some((e) => e.type === 'INVALID_ID_FIELD'));
}
