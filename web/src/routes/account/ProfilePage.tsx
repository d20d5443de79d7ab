import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../data/hooks';
import type { Profile } from '../../data/profile';
import { useChangePassword, useProfile, useUpdateProfile } from '../../data/profileHooks';
import { ErrorState, PageStatus } from '../catalog/Status';
import { formErrors, type FormErrors } from '../formErrors';
import { loginPathFor } from '../guest';
import { usePageTitle } from '../usePageTitle';
import { FormField, FormProblem, showProblems } from './FormField';
import { newPasswordErrors } from './passwordRules';
import { NewPasswordFields } from './NewPasswordFields';
import '../catalog/catalog.css';
import './account.css';

/** The page's path under the site base path. */
export const PROFILE_PATH = '/my-account/profile';

const NO_ERRORS: FormErrors = { fields: {}, form: null };

/**
 * My Account → Profile: the user's name and phone, and a separate form to change the password. Guests are sent to
 * sign in, as the address book does.
 */
export function ProfilePage() {
  usePageTitle('Profile');
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageStatus>Loading…</PageStatus>;
  if (session.data?.guestUser !== false) return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  const userId = session.data.userId ?? null;
  return (
    <section className="account-page" aria-labelledby="profile-title">
      <h1 id="profile-title">Profile</h1>
      <ProfileSection userId={userId} />
      <PasswordForm />
    </section>
  );
}

function ProfileSection({ userId }: { userId: string | null }) {
  const profile = useProfile(userId);
  if (profile.isPending) return <PageStatus>Loading your profile…</PageStatus>;
  if (profile.isError) {
    return <ErrorState title="Your profile could not be loaded." error={profile.error} onRetry={() => void profile.refetch()} retrying={profile.isFetching} />;
  }
  return <ProfileForm userId={userId} profile={profile.data} />;
}

function ProfileForm({ userId, profile }: { userId: string | null; profile: Profile }) {
  const save = useUpdateProfile(userId);
  const [firstName, setFirstName] = useState(profile.firstName);
  const [lastName, setLastName] = useState(profile.lastName);
  const [phone, setPhone] = useState(profile.phone);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [notice, setNotice] = useState('');
  const form = useRef<HTMLFormElement>(null);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (save.isPending) return;
    setNotice('');
    if (lastName.trim() === '') {
      showProblems(form, () => setErrors({ fields: { lastName: 'Enter your last name.' }, form: null }));
      return;
    }
    setErrors(NO_ERRORS);
    save.mutate(
      { firstName, lastName, phone },
      {
        onSuccess: (saved) => {
          setFirstName(saved.firstName);
          setLastName(saved.lastName);
          setPhone(saved.phone);
          setNotice('Your profile was saved.');
        },
        onError: (error) => {
          showProblems(form, () => setErrors(formErrors(error, ['firstName', 'lastName', 'phone'], 'Your profile could not be saved. Please try again.')));
        },
      },
    );
  }

  return (
    <form ref={form} className="account-form" onSubmit={onSubmit} noValidate aria-labelledby="profile-details-title">
      <h2 id="profile-details-title">Your details</h2>
      <p className="account-notice" role="status">
        {notice}
      </p>
      <FormProblem message={errors.form} />
      <FormField label="First name" value={firstName} onChange={setFirstName} autoComplete="given-name" maxLength={40} error={errors.fields.firstName} />
      <FormField label="Last name" value={lastName} onChange={setLastName} autoComplete="family-name" maxLength={80} required error={errors.fields.lastName} />
      <FormField
        label="Email"
        value={profile.email}
        onChange={() => {}}
        type="email"
        readOnly
        hint="Your email is your sign-in name. To change it, contact the store."
      />
      <FormField label="Phone" value={phone} onChange={setPhone} type="tel" autoComplete="tel" maxLength={40} error={errors.fields.phone} />
      <button type="submit" className="sf-button" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save profile'}
      </button>
    </form>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [notice, setNotice] = useState('');
  const form = useRef<HTMLFormElement>(null);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (change.isPending) return;
    setNotice('');
    const fields = newPasswordErrors(next, confirm);
    if (current === '') fields.currentPassword = 'Enter your current password.';
    if (Object.keys(fields).length > 0) {
      showProblems(form, () => setErrors({ fields, form: null }));
      return;
    }
    setErrors(NO_ERRORS);
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
          setNotice('Your password was changed. You were signed out on your other devices.');
        },
        onError: (error) => {
          showProblems(form, () => setErrors(formErrors(error, ['currentPassword', 'newPassword'], 'Your password could not be changed. Please try again.')));
        },
      },
    );
  }

  return (
    <form ref={form} className="account-form" onSubmit={onSubmit} noValidate aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <p className="account-notice" role="status">
        {notice}
      </p>
      <FormProblem message={errors.form} />
      <FormField label="Current password" value={current} onChange={setCurrent} type="password" autoComplete="current-password" required error={errors.fields.currentPassword} />
      <NewPasswordFields next={next} confirm={confirm} onNext={setNext} onConfirm={setConfirm} errors={errors.fields} />
      <button type="submit" className="sf-button" disabled={change.isPending}>
        {change.isPending ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}
