// Split shipment during checkout (spec section 7 "Delivery groups" and "Checkouts"): the cart's delivery groups
// say where each line ships. The checkout PATCH only reaches the default group, so the other groups are set with
// the delivery-group calls; those change the cart under the checkout, which the server then calls stale (422), so
// the checkout is started again (startCheckout deletes the stale one and restarts once) and the default group's
// part sent through the checkout as usual.

import {
  arrangeDeliveryGroupItems,
  createDeliveryGroup,
  getDeliveryGroups,
  startCheckout,
  updateCheckout,
  updateDeliveryGroup,
  type Address,
  type Checkout,
  type DeliveryGroup,
} from './checkoutApi';

/** What the buyer may add to the shipping part: sent with the default group's address and to every other group. */
export interface ShippingExtras {
  desiredDeliveryDate?: string;
  shippingInstructions?: string;
}

export interface LineDestination {
  cartItemId: string;
  address: Address;
}

/** Lines are moved in whole: the arrange call takes cart item ids. At most this many lines are read per group. */
const GROUP_ITEM_LIMIT = 100;

/** One key per destination: an address-book id, else the address itself. */
function addressKey(a: Address): string {
  return (a.id ?? a.addressId ?? '').trim() || JSON.stringify(a);
}

const extrasOf = (extras: ShippingExtras) => ({
  ...(extras.desiredDeliveryDate !== undefined ? { desiredDeliveryDate: extras.desiredDeliveryDate } : {}),
  ...(extras.shippingInstructions !== undefined ? { shippingInstructions: extras.shippingInstructions } : {}),
});

/**
 * Ships each line to its address: the first line's address stays on the default group; each further address gets
 * a group of its own (the cart's other groups reused first, then new ones); the lines are arranged into them and
 * groups left empty deleted. Then the checkout starts again and the default group's address (with the extras) is
 * sent. Answers the new checkout. With one address for every line this folds a split cart back into one group.
 */
export async function shipLinesTo(destinations: LineDestination[], extras: ShippingExtras = {}): Promise<Checkout> {
  if (destinations.length === 0) throw new Error('no lines to ship');
  const groups = await getDeliveryGroups({ cartItemLimit: 0 });
  const defaultGroup = groups.find((g) => g.isDefault);
  const spare = groups.filter((g) => g !== defaultGroup);
  const byKey = new Map<string, { address: Address; groupId: string | null; items: string[] }>();
  for (const d of destinations) {
    const key = addressKey(d.address);
    const entry = byKey.get(key) ?? { address: d.address, groupId: null, items: [] };
    entry.items.push(d.cartItemId);
    byKey.set(key, entry);
  }
  const [first, ...others] = [...byKey.values()];
  first.groupId = defaultGroup?.id ?? null;
  for (const entry of others) {
    const input = { deliveryAddress: entry.address, ...extrasOf(extras) };
    const reuse = spare.shift();
    const group: DeliveryGroup = reuse ? await updateDeliveryGroup(reuse.id, input) : await createDeliveryGroup(input);
    entry.groupId = group.id;
  }
  const arrangements = [first, ...others]
    .filter((e): e is typeof e & { groupId: string } => e.groupId !== null)
    .map((e) => ({ deliveryGroupId: e.groupId, cartItemIds: e.items }));
  await arrangeDeliveryGroupItems(arrangements, { deleteEmptyDeliveryGroups: true });
  const restarted = await startCheckout({ keepDeliveryAddress: true });
  return updateCheckout(restarted.checkoutId, { deliveryAddress: first.address, ...extrasOf(extras) });
}

/** Every line of the cart with the id of the group it ships with. */
export async function linesByGroup(): Promise<Map<string, string>> {
  const groups = await getDeliveryGroups({ cartItemLimit: GROUP_ITEM_LIMIT });
  const out = new Map<string, string>();
  for (const g of groups) {
    const items = (g.cartItems as { cartItems?: { cartItemId?: string | null }[] } | undefined)?.cartItems ?? [];
    for (const item of items) if (item.cartItemId) out.set(item.cartItemId, g.id);
  }
  return out;
}

/**
 * Sets each group's delivery method: the other groups through the delivery-group call (then the checkout starts
 * again, as the cart changed), the default group through the checkout. Answers the checkout.
 */
export async function chooseGroupMethods(checkout: Checkout, methodByGroup: Record<string, string>): Promise<Checkout> {
  let current = checkout;
  const groups = checkout.deliveryGroups.items;
  const defaultGroup = groups.find((g) => g.isDefault) ?? groups[0];
  const changed = groups.filter((g) => g !== defaultGroup && methodByGroup[g.id] && methodByGroup[g.id] !== selectedMethodId(g));
  for (const g of changed) await updateDeliveryGroup(g.id, { deliveryMethodId: methodByGroup[g.id] });
  if (changed.length > 0) current = await startCheckout({ keepDeliveryAddress: true });
  return updateCheckout(current.checkoutId, { deliveryMethodId: methodByGroup[defaultGroup.id] });
}

export function selectedMethodId(g: DeliveryGroup): string | undefined {
  return (g.selectedDeliveryMethod as { id?: string } | null | undefined)?.id;
}
