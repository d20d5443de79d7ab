import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { addressFullName, formatPhoneNumber, type CommerceAddress } from '../../data/addresses';
import { useAddressBook, useDeleteAddress, useSetDefaultAddress } from '../../data/addressHooks';
import { useApplicationContext, useEffectiveAccount } from '../../data/hooks';
import { ErrorState, PageStatus } from '../catalog/Status';
import { usePageTitle } from '../usePageTitle';
import { AddressForm } from './AddressForm';
import { BuyerOnly } from './BuyerOnly';
import '../catalog/catalog.css';
import './addresses.css';

/** The page's path under the site base path. */
export const ADDRESSES_PATH = '/my-account/addresses';

/** The badge of a default address: "Default shipping" or "Default billing". */
export function defaultBadge(address: Pick<CommerceAddress, 'isDefault' | 'addressType'>): string | null {
  if (!address.isDefault) return null;
  return address.addressType === 'Billing' ? 'Default billing' : 'Default shipping';
}

/** The short description of an address for labels and messages: its name, or its street. */
function addressLabel(address: CommerceAddress): string {
  return addressFullName(address) || address.street || 'this address';
}

/** Defaults first (shipping, then billing), then the rest in the server's order. */
function defaultsFirst(addresses: CommerceAddress[]): CommerceAddress[] {
  const rank = (a: CommerceAddress) => (a.isDefault ? (a.addressType === 'Shipping' ? 0 : 1) : 2);
  return addresses.map((a, i) => ({ a, i })).sort((x, y) => rank(x.a) - rank(y.a) || x.i - y.i).map((x) => x.a);
}

/**
 * My Account → Addresses (issue 8 item 6): the effective account's address book. Buyers list,
 * add, edit, make default and delete addresses; guests are sent to sign in (saved addresses are
 * unavailable to guests, spec section 6).
 */
export function AddressesPage() {
  usePageTitle('Addresses');
  return <BuyerOnly staffNote={{ title: 'Addresses', what: 'saved addresses' }}>{(session) => <AddressBook accountName={session.accountName ?? ''} />}</BuyerOnly>;
}

type Editing = { mode: 'none' } | { mode: 'add' } | { mode: 'edit'; address: CommerceAddress };

function AddressBook({ accountName }: { accountName: string }) {
  const effective = useEffectiveAccount();
  const book = useAddressBook();
  const app = useApplicationContext();
  const setDefault = useSetDefaultAddress();
  const [editing, setEditing] = useState<Editing>({ mode: 'none' });
  const [message, setMessage] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const countries = app.data?.shippingCountries ?? [];
  const name = effective?.name || accountName;

  const finish = (text: string) => {
    flushSync(() => {
      setEditing({ mode: 'none' });
      setMessage(text);
    });
    addButton.current?.focus();
  };

  const makeDefault = (address: CommerceAddress) => {
    setActionError(null);
    setDefault.mutate(address.addressId, {
      onSuccess: () => setMessage(`${addressLabel(address)} is now your default ${address.addressType.toLowerCase()} address.`),
      onError: (e) => setActionError(e instanceof Error ? e.message : 'The default address could not be changed.'),
    });
  };

  const addresses = defaultsFirst(book.data ?? []);
  return (
    <section className="address-book" aria-labelledby="addresses-title">
      <h1 id="addresses-title">Addresses</h1>
      {name && <p className="address-book-account">Saved addresses of {name}</p>}
      <p className="visually-hidden" role="status" aria-live="polite">
        {message}
      </p>
      {actionError && (
        <p className="form-error" role="alert">
          {actionError}
        </p>
      )}
      {editing.mode === 'none' ? (
        <button type="button" ref={addButton} className="sf-button" onClick={() => setEditing({ mode: 'add' })}>
          Add address
        </button>
      ) : (
        <AddressForm
          key={editing.mode === 'edit' ? editing.address.addressId : 'new'}
          address={editing.mode === 'edit' ? editing.address : null}
          countries={countries}
          onCancel={() => finish('')}
          onSaved={() => finish(editing.mode === 'edit' ? 'Address saved.' : 'Address added.')}
        />
      )}
      {book.isPending ? (
        <PageStatus>Loading addresses…</PageStatus>
      ) : book.isError ? (
        <ErrorState title="Your addresses could not be loaded." error={book.error} onRetry={() => void book.refetch()} retrying={book.isFetching} />
      ) : addresses.length === 0 ? (
        <p className="address-book-empty">No saved addresses yet.</p>
      ) : (
        <ul className="address-list" aria-label="Saved addresses">
          {addresses.map((address) => (
            <AddressCard
              key={address.addressId}
              address={address}
              busy={setDefault.isPending && setDefault.variables === address.addressId}
              onEdit={() => setEditing({ mode: 'edit', address })}
              onMakeDefault={() => makeDefault(address)}
              onDeleted={() => finish('Address deleted.')}
            />
          ))}
        </ul>
      )}
      {book.hasNextPage && (
        <button type="button" className="sf-button sf-button--secondary" onClick={() => void book.fetchNextPage()} disabled={book.isFetchingNextPage}>
          {book.isFetchingNextPage ? 'Loading…' : 'Show more addresses'}
        </button>
      )}
    </section>
  );
}

interface AddressCardProps {
  address: CommerceAddress;
  busy: boolean;
  onEdit: () => void;
  onMakeDefault: () => void;
  onDeleted: () => void;
}

/** One saved address with its actions; deleting asks first, in place. */
function AddressCard({ address, busy, onEdit, onMakeDefault, onDeleted }: AddressCardProps) {
  const remove = useDeleteAddress();
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const label = addressLabel(address);
  const badge = defaultBadge(address);
  const place = [address.city, [address.region, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const cancel = () => {
    flushSync(() => setConfirming(false));
    deleteButton.current?.focus();
  };

  return (
    <li className="address-card">
      <p className="address-card-type">
        {address.addressType}
        {badge && <span className="address-badge">{badge}</span>}
      </p>
      <address>
        {label && <strong>{label}</strong>}
        {address.companyName && <span>{address.companyName}</span>}
        {address.street && <span>{address.street}</span>}
        {place && <span>{place}</span>}
        {address.country && <span>{address.country}</span>}
        {address.phoneNumber && <span>{formatPhoneNumber(address.phoneNumber)}</span>}
      </address>
      {confirming ? (
        <div className="address-confirm" role="group" aria-label={`Delete ${label}?`}>
          <p>Delete this address?</p>
          {remove.isError && (
            <p className="form-error" role="alert">
              {remove.error instanceof Error ? remove.error.message : 'The address could not be deleted.'}
            </p>
          )}
          <button
            type="button"
            ref={confirmButton}
            className="sf-button address-danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate(address.addressId, { onSuccess: onDeleted })}
          >
            {remove.isPending ? 'Deleting…' : 'Yes, delete'}
          </button>
          <button type="button" className="sf-button sf-button--secondary" onClick={cancel}>
            Keep it
          </button>
        </div>
      ) : (
        <div className="address-actions">
          <button type="button" className="sf-button sf-button--secondary" onClick={onEdit} aria-label={`Edit ${label}`}>
            Edit
          </button>
          {!address.isDefault && (
            <button
              type="button"
              className="sf-button sf-button--secondary"
              onClick={onMakeDefault}
              disabled={busy}
              // The label starts with the visible text (WCAG label in name) and says which address.
              aria-label={`Set as default ${address.addressType.toLowerCase()} address: ${label}`}
            >
              {busy ? 'Saving…' : 'Set as default'}
            </button>
          )}
          <button
            type="button"
            ref={deleteButton}
            className="sf-button sf-button--secondary"
            onClick={() => setConfirming(true)}
            aria-label={`Delete ${label}`}
          >
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
