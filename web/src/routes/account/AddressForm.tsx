import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AddressType, CommerceAddress, CommerceAddressInput } from '../../data/addresses';
import { addressErrors, useSaveAddress, type AddressErrors, type AddressFormField } from '../../data/addressHooks';
import { FormProblem, showProblems } from './FormField';

/** A country code's name in the visitor's language ("US" → "United States"); the code when unknown. */
export function countryName(code: string, locale = 'en-US'): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The code among `codes` of a saved country, given as a code ("us") or a name ("United States"); '' when none. */
export function countryCodeOf(country: string | null | undefined, codes: readonly string[]): string {
  const c = (country ?? '').trim().toLowerCase();
  if (c === '') return '';
  return codes.find((code) => code.toLowerCase() === c || countryName(code).toLowerCase() === c) ?? '';
}

type TextField = Exclude<AddressFormField, 'addressType' | 'country'>;

interface FormValues extends Record<TextField, string> {
  countryCode: string;
  addressType: AddressType;
  isDefault: boolean;
}

function initialValues(address: CommerceAddress | null, countries: readonly string[]): FormValues {
  return {
    firstName: address?.firstName ?? '',
    lastName: address?.lastName ?? '',
    companyName: address?.companyName ?? '',
    street: address?.street ?? '',
    city: address?.city ?? '',
    region: address?.region ?? '',
    postalCode: address?.postalCode ?? '',
    phoneNumber: address?.phoneNumber ?? '',
    countryCode: address ? countryCodeOf(address.country, countries) : (countries[0] ?? ''),
    addressType: address?.addressType ?? 'Shipping',
    isDefault: address?.isDefault ?? false,
  };
}

/** What the form sends: trimmed text, null for an empty field (on an update, null clears it). */
function toInput(v: FormValues): CommerceAddressInput {
  const text = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    firstName: text(v.firstName),
    lastName: text(v.lastName),
    companyName: text(v.companyName),
    street: text(v.street),
    city: text(v.city),
    region: text(v.region),
    postalCode: text(v.postalCode),
    phoneNumber: text(v.phoneNumber),
    country: v.countryCode ? countryName(v.countryCode) : null,
    countryCode: v.countryCode || null,
    addressType: v.addressType,
    isDefault: v.isDefault,
  };
}

const TEXT_FIELDS: { name: TextField; label: string; autoComplete: string; required?: boolean; type?: string }[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'companyName', label: 'Company', autoComplete: 'organization' },
  { name: 'street', label: 'Street', autoComplete: 'street-address', required: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2', required: true },
  { name: 'region', label: 'State or region', autoComplete: 'address-level1' },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  { name: 'phoneNumber', label: 'Phone', autoComplete: 'tel', type: 'tel' },
];

interface AddressFormProps {
  /** The address edited; null adds one. */
  address: CommerceAddress | null;
  /** The store's shipping countries (codes), from the application context. */
  countries: readonly string[];
  onSaved: (saved: CommerceAddress) => void;
  onCancel: () => void;
}

/**
 * Adds or edits an address. The server validates: its refusals show under the fields they name
 * (the first such field takes focus), the rest above the form.
 */
export function AddressForm({ address, countries, onSaved, onCancel }: AddressFormProps) {
  const save = useSaveAddress();
  const [values, setValues] = useState(() => initialValues(address, countries));
  const [errors, setErrors] = useState<AddressErrors>({ fields: {}, form: null });
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const fieldId = (name: string) => `${ids}-${name}`;
  const errorId = (name: string) => `${ids}-${name}-error`;
  // A saved address's country the store no longer ships to stays choosable as it is.
  const options = values.countryCode && !countries.includes(values.countryCode) ? [...countries, values.countryCode] : countries;

  useEffect(() => heading.current?.focus(), []);

  const set = <K extends keyof FormValues>(name: K, value: FormValues[K]) => setValues((v) => ({ ...v, [name]: value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({ fields: {}, form: null });
    save.mutate(
      { addressId: address?.addressId, input: toInput(values) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          // Focus goes to the first field in error, or to the message when no field is named.
          showProblems(form, () => setErrors(addressErrors(error)));
        },
      },
    );
  };

  const fieldError = (name: AddressFormField) =>
    errors.fields[name] ? (
      <p className="address-field-error" id={errorId(name)}>
        {errors.fields[name]}
      </p>
    ) : null;
  const describedBy = (name: AddressFormField) => (errors.fields[name] ? errorId(name) : undefined);

  return (
    <form ref={form} className="address-form" onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} ref={heading} tabIndex={-1}>
        {address ? 'Edit address' : 'Add an address'}
      </h2>
      <FormProblem message={errors.form} />
      {Object.keys(errors.fields).length > 0 && (
        <p className="visually-hidden" role="alert">
          Check the fields marked in the form.
        </p>
      )}
      <fieldset className="address-type">
        <legend>Type</legend>
        {(['Shipping', 'Billing'] as const).map((type) => (
          <label key={type}>
            <input
              type="radio"
              name={`${ids}-type`}
              value={type}
              checked={values.addressType === type}
              onChange={() => set('addressType', type)}
            />{' '}
            {type}
          </label>
        ))}
        {fieldError('addressType')}
      </fieldset>
      <div className="address-form-grid">
        {TEXT_FIELDS.map((f) => (
          <div className="field" key={f.name}>
            <label htmlFor={fieldId(f.name)}>
              {f.label}
              {f.required && <span aria-hidden="true"> *</span>}
            </label>
            <input
              id={fieldId(f.name)}
              type={f.type ?? 'text'}
              autoComplete={f.autoComplete}
              required={f.required}
              aria-invalid={errors.fields[f.name] ? true : undefined}
              aria-describedby={describedBy(f.name)}
              value={values[f.name]}
              onChange={(e) => set(f.name, e.target.value)}
            />
            {fieldError(f.name)}
          </div>
        ))}
        <div className="field">
          <label htmlFor={fieldId('country')}>
            Country<span aria-hidden="true"> *</span>
          </label>
          <select
            id={fieldId('country')}
            required
            aria-invalid={errors.fields.country ? true : undefined}
            aria-describedby={describedBy('country')}
            value={values.countryCode}
            onChange={(e) => set('countryCode', e.target.value)}
          >
            {values.countryCode === '' && <option value="">Choose a country</option>}
            {options.map((code) => (
              <option key={code} value={code}>
                {countryName(code)}
              </option>
            ))}
          </select>
          {fieldError('country')}
        </div>
      </div>
      <label className="address-default">
        <input type="checkbox" checked={values.isDefault} onChange={(e) => set('isDefault', e.target.checked)} /> Make this my
        default {values.addressType.toLowerCase()} address
      </label>
      <div className="address-form-actions">
        <button type="submit" className="sf-button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : address ? 'Save address' : 'Add address'}
        </button>
        <button type="button" className="sf-button sf-button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
