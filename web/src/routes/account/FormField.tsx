import { useId, type InputHTMLAttributes, type RefObject } from 'react';
import { flushSync } from 'react-dom';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's error message; marks the input invalid and is read with it. */
  error?: string;
  /** A hint shown under the label and read with the input. */
  hint?: string;
}

/**
 * A labelled input of the account forms, with its hint and error tied to it (aria-describedby), so a screen reader
 * hears them when the field takes focus.
 */
export function FormField({ label, value, onChange, error, hint, required, ...input }: FormFieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        {...input}
        id={id}
        required={required}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Shows a form's errors (`render` sets them) and moves focus to the first invalid field, or to the form's message when
 * no field is invalid. The errors are committed at once (flushSync), so the focus never races React's next render.
 */
export function showProblems(form: RefObject<HTMLFormElement | null>, render: () => void): void {
  flushSync(render);
  form.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error')?.focus();
}

/** A form's message about the whole form (none for null): announced, and focusable so showProblems can move to it. */
export function FormProblem({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert" tabIndex={-1}>
      {message}
    </p>
  );
}
