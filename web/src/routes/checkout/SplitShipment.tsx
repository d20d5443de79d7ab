// Split shipment on the checkout page: which saved address each cart line ships to, a delivery method per
// delivery group, and each group's shipment as the later steps and the review show it.
import { useState, type FormEvent } from 'react';
import type { CommerceAddress } from '../../data/addresses';
import type { CartLine } from '../../data/cartTypes';
import type { Checkout, DeliveryGroup } from '../../data/checkoutApi';
import { chooseGroupMethods, selectedMethodId } from '../../data/splitShipment';
import { formatPrice } from '../../lib/price';
import { AddressText } from './AddressFields';
import { MethodChoice, StepError, useStepCall, type Method } from './stepParts';

/** A short name for an address in a list of choices: its label, else street and city. */
export function addressLabel(a: CommerceAddress): string {
  const place = [a.street, a.city].filter(Boolean).join(', ');
  return a.name && place ? `${a.name} (${place})` : a.name || place || a.addressId;
}

export function lineName(line: CartLine): string {
  return String(line.item.name ?? line.item.productDetails?.name ?? 'Product');
}

/** One select per cart line: the saved address it ships to. */
export function SplitLines({ lines, addresses, value, onChange }: {
  lines: CartLine[];
  addresses: CommerceAddress[];
  value: Record<string, string>;
  onChange: (cartItemId: string, addressId: string) => void;
}) {
  return (
    <fieldset className="sf-checkout__split">
      <legend>Where each item ships</legend>
      <ul className="sf-checkout__split-lines">
        {lines.map((l) => {
          const id = l.item.cartItemId ?? '';
          const selectId = `ship-line-${id}`;
          return (
            <li key={id} className="sf-checkout__split-line">
              <label htmlFor={selectId}>
                <span className="sf-checkout__line-name">{lineName(l)}</span> <span>× {l.quantity}</span>
              </label>
              <select id={selectId} name={selectId} value={value[id] ?? ''} onChange={(e) => onChange(id, e.target.value)} aria-label={`Ship ${lineName(l)} to`}>
                {addresses.map((a) => (
                  <option key={a.addressId} value={a.addressId}>
                    {addressLabel(a)}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

const methodsOf = (g: DeliveryGroup) => (g.availableDeliveryMethods as Method[] | undefined) ?? [];

/** Step 2 with several groups: a delivery method for each shipment. */
export function SplitDeliveryStep({ checkout, onDone }: { checkout: Checkout; onDone: (c: Checkout) => void }) {
  const groups = checkout.deliveryGroups.items;
  const [picked, setPicked] = useState<Record<string, string>>({});
  const choice = (g: DeliveryGroup) => picked[g.id] ?? selectedMethodId(g) ?? methodsOf(g)[0]?.id ?? '';
  const currency = String(checkout.cartSummary?.currencyIsoCode ?? 'USD');
  const { busy, error, setError, run } = useStepCall();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const byGroup = Object.fromEntries(groups.map((g) => [g.id, choice(g)]));
    if (Object.values(byGroup).some((m) => !m)) return setError('Choose a delivery method for each shipment.');
    void run(async () => onDone(await chooseGroupMethods(checkout, byGroup)), "We couldn't save the delivery methods.");
  };
  return (
    <form onSubmit={submit} aria-busy={busy}>
      {groups.map((g, i) => (
        <fieldset key={g.id} className="sf-checkout__choices">
          <legend>
            Shipment {i + 1} of {groups.length}: {shipmentPlace(g)}
          </legend>
          {methodsOf(g).map((m) => (
            <MethodChoice key={m.id} name={`delivery-method-${g.id}`} method={m} currency={currency} checked={choice(g) === m.id} onPick={() => setPicked((p) => ({ ...p, [g.id]: m.id }))} />
          ))}
        </fieldset>
      ))}
      <StepError text={error} />
      <button type="submit" className="sf-button" disabled={busy}>
        {busy ? 'Saving…' : 'Use these delivery methods'}
      </button>
    </form>
  );
}

/** Where a group ships, in a few words: street and city. */
function shipmentPlace(g: DeliveryGroup): string {
  const a = g.deliveryAddress;
  return [a?.street, a?.city].filter(Boolean).join(', ') || 'no address yet';
}

function groupMethod(g: DeliveryGroup) {
  return g.selectedDeliveryMethod as Method | null | undefined;
}

const LIST_NAMES = { address: 'Shipping addresses', method: 'Delivery methods', all: 'Shipments' } as const;

/** The shipments of a split checkout: address, item count, method and its fee, one per group. */
export function ShipmentList({ checkout, show }: { checkout: Checkout; show: 'address' | 'method' | 'all' }) {
  const currency = String(checkout.cartSummary?.currencyIsoCode ?? 'USD');
  const groups = checkout.deliveryGroups.items;
  return (
    <ol className="sf-checkout__shipments" aria-label={LIST_NAMES[show]}>
      {groups.map((g, i) => {
        const m = groupMethod(g);
        const count = Number(g.totalCartItemCount) || 0;
        return (
          <li key={g.id} className="sf-checkout__shipment">
            <span className="sf-checkout__shipment-title">
              Shipment {i + 1}: {count} {count === 1 ? 'item' : 'items'}
            </span>
            {show !== 'method' ? <AddressText address={g.deliveryAddress} /> : null}
            {show !== 'address' && m ? (
              <span className="sf-checkout__shipment-method">
                {[m.name, m.carrier].filter(Boolean).join(' · ')}: {formatPrice(m.adjustedShippingFee ?? m.shippingFee, m.currencyIsoCode || currency) || '—'}
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
