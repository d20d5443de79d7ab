import { FormField } from './FormField';
import { MIN_PASSWORD_LENGTH } from './passwordRules';

interface Props {
  next: string;
  confirm: string;
  onNext: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: { newPassword?: string; confirm?: string };
}

/** A new password and its confirmation, with the length rule as a hint: the profile's password change and the reset page. */
export function NewPasswordFields({ next, confirm, onNext, onConfirm, errors }: Props) {
  return (
    <>
      <FormField
        label="New password"
        value={next}
        onChange={onNext}
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={errors.newPassword}
      />
      <FormField label="Confirm new password" value={confirm} onChange={onConfirm} type="password" autoComplete="new-password" required error={errors.confirm} />
    </>
  );
}
