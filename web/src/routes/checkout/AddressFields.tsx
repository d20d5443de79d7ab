import type { Address } from '../../data/checkoutApi';
import type { CommerceAddress } from '../../data/addresses';
import { addressFullName } from '../../data/addresses';

const FIELDS: { key: keyof Address; label: string; autoComplete: string; required: boolean }[] = [
  { key: 'firstName', label: 'First name', autoComplete: 'given-name', required: true },
  { key: 'lastName', label: 'Last name', autoComplete: 'family-name', required: true },
  { key: 'companyName', label: 'Company (optional)', autoComplete: 'organization', required: false },
  { key: 'street', label: 'Street', autoComplete: 'street-address', required: true },
  { key: 'city', label: 'City', autoComplete: 'address-level2', required: true },
  { key: 'region', label: 'State or region', autoComplete: 'address-level1', required: false },
  { key: 'postalCode', label: 'Postal code', autoComplete: 'postal-code', required: true },
  { key: 'country', label: 'Country code (e.g. US)', autoComplete: 'country', required: true },
  { key: 'phoneNumber', label: 'Phone (optional)', autoComplete: 'tel', required: false },
];

/** The inputs of a new address, named `${prefix}-${field}`; read back with addressFromForm. */
export function AddressFields({ prefix, legend }: { prefix: string; legend: string }) {
  return (
    <fieldset className="sf-checkout__address-fields">
      <legend>{legend}</legend>
      {FIELDS.map((f) => (
        <div className="sf-checkout__field" key={f.key}>
          <label htmlFor={`${prefix}-${f.key}`}>{f.label}</label>
          <input id={`${prefix}-${f.key}`} name={`${prefix}-${f.key}`} autoComplete={f.autoComplete} required={f.required} />
        </div>
      ))}
    </fieldset>
  );
}

export function addressFromForm(form: FormData, prefix: string): Address {
  const out: Address = {};
  for (const f of FIELDS) {
    const v = String(form.get(`${prefix}-${f.key}`) ?? '').trim();
    if (v) out[f.key] = v;
  }
  return out;
}

/** An address-book entry as a checkout address (without its id: the full address is sent). */
export function bookAddress(a: CommerceAddress): Address {
  const pick = (v: string | null) => v ?? undefined;
  return {
    name: pick(a.name),
    firstName: pick(a.firstName),
    lastName: pick(a.lastName),
    companyName: pick(a.companyName),
    street: pick(a.street),
    city: pick(a.city),
    region: pick(a.region),
    postalCode: pick(a.postalCode),
    country: pick(a.country),
    phoneNumber: pick(a.phoneNumber),
  };
}

/** One line per part: name, street, "city, region postal code", country. */
export function AddressText({ address }: { address: Address | CommerceAddress | null | undefined }) {
  if (!address) return null;
  const cityLine = [address.city, [address.region, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const lines = [addressFullName(address), address.companyName, address.street, cityLine, address.country].filter((l) => l && String(l).trim());
  return (
    <span className="sf-checkout__address">
      {lines.map((l, i) => (
        <span key={i} className="sf-checkout__address-line">
          {l}
        </span>
      ))}
    </span>
  );
}
