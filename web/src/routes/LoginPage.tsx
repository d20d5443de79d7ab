import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FetchError, getBasePath } from '../data';
import { useLogin } from '../data/hooks';
import { formatWait } from './formErrors';
import { safeStartPath } from './startUrl';
import { usePageTitle } from './usePageTitle';

function loginErrorMessage(err: unknown): string {
  if (err instanceof FetchError) {
    const serverMessage = err.errors[0]?.message;
    if (err.status === 401) return serverMessage || 'Invalid username or password.';
    if (err.status === 429) {
      const base = serverMessage || 'Too many login attempts. Try again later.';
      return err.retryAfter ? `${base} (You can try again in ${formatWait(err.retryAfter)}.)` : base;
    }
    if (err.status === 400 && serverMessage) return serverMessage;
  }
  return 'We could not log you in right now. Please try again.';
}

export function LoginPage() {
  usePageTitle('Log in');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const errorRef = useRef<HTMLDivElement>(null);
  const errorId = useId();
  const pending = loginMutation.isPending;
  const error = loginMutation.isError ? loginErrorMessage(loginMutation.error) : null;

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error, loginMutation.failureCount, loginMutation.submittedAt]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    loginMutation.mutate(
      { username: email.trim(), password },
      {
        onSuccess: () => {
          navigate(safeStartPath(params.get('startURL'), getBasePath(), window.location.origin), { replace: true });
        },
      },
    );
  }

  return (
    <section className="login" aria-labelledby="login-title">
      <h1 id="login-title">Log in</h1>
      {error && (
        <div ref={errorRef} id={errorId} role="alert" tabIndex={-1} className="form-error">
          {error}
        </div>
      )}
      <form onSubmit={onSubmit} noValidate={false} aria-describedby={error ? errorId : undefined}>
        <div className="field">
          <label htmlFor="login-email">Email</label>
          <input
            id="login-email"
            name="username"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <button type="submit" disabled={pending}>
          {pending ? 'Logging in…' : 'Log in'}
        </button>
      </form>
      <p className="login-forgot">
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
    </section>
  );
}
