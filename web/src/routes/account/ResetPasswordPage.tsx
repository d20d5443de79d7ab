import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { FetchError } from '../../data/errors';
import { confirmPasswordReset } from '../../data/profile';
import { formErrors, type FormErrors } from '../formErrors';
import { usePageTitle } from '../usePageTitle';
import { FormProblem, showProblems } from './FormField';
import { newPasswordErrors } from './passwordRules';
import { NewPasswordFields } from './NewPasswordFields';
import { FORGOT_PASSWORD_PATH } from './ForgotPasswordPage';
import './account.css';

/** The message of a link that cannot be used (unknown, used, superseded or expired: the server does not say which). */
export const INVALID_LINK = 'This password reset link is invalid, has expired or was already used.';

/**
 * Reset password: the page a reset link opens ({base}/reset-password?token=...). The server serves it with
 * Referrer-Policy: no-referrer, so the token never leaves in a Referer.
 */
export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useMutation<void, unknown, string>({ mutationFn: (password) => confirmPasswordReset(token, password), retry: false });
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors>({ fields: {}, form: null });
  const [invalid, setInvalid] = useState(token === '');
  const form = useRef<HTMLFormElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const done = reset.isSuccess || invalid;

  // The form is gone once it succeeds or the link proves unusable: focus goes to what the page says instead.
  useEffect(() => {
    if (done && token !== '') outcome.current?.focus();
  }, [done, token]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (reset.isPending) return;
    const fields = newPasswordErrors(next, confirm);
    if (Object.keys(fields).length > 0) {
      showProblems(form, () => setErrors({ fields, form: null }));
      return;
    }
    setErrors({ fields: {}, form: null });
    reset.mutate(next, {
      onError: (error) => {
        if (error instanceof FetchError && error.errors[0]?.type === 'INVALID_RESET_TOKEN') {
          setInvalid(true);
          return;
        }
        showProblems(form, () => setErrors(formErrors(error, ['newPassword'], 'Your password could not be changed. Please try again.')));
      },
    });
  }

  let body;
  if (reset.isSuccess) {
    body = (
      <div role="status" ref={outcome} tabIndex={-1}>
        <p className="account-notice">Your password was changed. You were signed out everywhere; log in with your new password.</p>
        <p className="account-links">
          <Link to="/login">Log in</Link>
        </p>
      </div>
    );
  } else if (invalid) {
    body = (
      <div role="alert" ref={outcome} tabIndex={-1}>
        <p className="form-error">{INVALID_LINK}</p>
        <p className="account-links">
          <Link to={FORGOT_PASSWORD_PATH}>Request a new link</Link>
        </p>
      </div>
    );
  } else {
    body = (
      <form ref={form} className="account-form" onSubmit={onSubmit} noValidate aria-labelledby="reset-title">
        <FormProblem message={errors.form} />
        <NewPasswordFields next={next} confirm={confirm} onNext={setNext} onConfirm={setConfirm} errors={errors.fields} />
        <button type="submit" className="sf-button" disabled={reset.isPending}>
          {reset.isPending ? 'Saving…' : 'Set new password'}
        </button>
      </form>
    );
  }
  return (
    <section className="account-page" aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      {body}
    </section>
  );
}
