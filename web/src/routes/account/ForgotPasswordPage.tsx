import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { requestPasswordReset } from '../../data/profile';
import { formErrors, type FormErrors } from '../formErrors';
import { usePageTitle } from '../usePageTitle';
import { FormField, FormProblem, showProblems } from './FormField';
import './account.css';

export const FORGOT_PASSWORD_PATH = '/forgot-password';

/** What the page says once a request is accepted, whether or not the account exists (the server says the same). */
export const RESET_SENT = 'If an account exists for that email, we sent a link to reset its password. Check your inbox.';

/** Forgot password: asks for a reset link by email. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot your password?');
  const send = useMutation<string, unknown, string>({ mutationFn: requestPasswordReset, retry: false });
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FormErrors>({ fields: {}, form: null });
  const [sent, setSent] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const notice = useRef<HTMLParagraphElement>(null);

  // The form gives way to the answer: focus follows it, so keyboard and screen reader users land on it.
  useEffect(() => {
    if (sent) notice.current?.focus();
  }, [sent]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (send.isPending) return;
    if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) {
      showProblems(form, () => setErrors({ fields: { email: email.trim() ? 'Enter a valid email address.' : 'Enter your email address.' }, form: null }));
      return;
    }
    setErrors({ fields: {}, form: null });
    send.mutate(email.trim(), {
      onSuccess: () => setSent(true),
      onError: (error) => {
        showProblems(form, () => setErrors(formErrors(error, ['email'], 'We could not send the link right now. Please try again.')));
      },
    });
  }

  return (
    <section className="account-page" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot your password?</h1>
      <p className="account-notice" role="status" ref={notice} tabIndex={-1}>
        {sent ? RESET_SENT : ''}
      </p>
      {sent ? (
        <p>
          The link works once and for a limited time. No mail? Check the address and{' '}
          <button type="button" className="sf-button sf-button--secondary" onClick={() => setSent(false)}>
            send another link
          </button>
        </p>
      ) : (
        <form ref={form} className="account-form" onSubmit={onSubmit} noValidate aria-labelledby="forgot-title">
          <p>Enter the email you sign in with, and we will send you a link to choose a new password.</p>
          <FormProblem message={errors.form} />
          <FormField label="Email" value={email} onChange={setEmail} type="email" autoComplete="username" required error={errors.fields.email} />
          <button type="submit" className="sf-button" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send link'}
          </button>
        </form>
      )}
      <p className="account-links">
        <Link to="/login">Back to log in</Link>
      </p>
    </section>
  );
}
