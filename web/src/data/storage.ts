// Browser storage: every key the client keeps (spec section 9, "Storage keys"), and
// safe access to the two storages.

/** sessionStorage: the guest's last name (guest checkout details). */
export const GUEST_LAST_NAME_KEY = 'guestLastName';
/** sessionStorage: the guest's e-mail address. */
export const GUEST_EMAIL_KEY = 'guestEmail';
/** sessionStorage: the guest's phone number. */
export const GUEST_PHONE_KEY = 'guestPhoneNumber';
/** localStorage: the id of the guest's cart, kept until it is preserved after login. */
export const GUEST_CART_ID_KEY = 'guestCartId';
/** sessionStorage: the payment link being paid; while set, the guest cart is not preserved. */
export const PAYMENT_LINK_ID_KEY = 'paymentLinkId';
/** sessionStorage: the effective account id. */
export const EFFECTIVE_ACCOUNT_ID_KEY = 'effectiveAccountId';
/** sessionStorage: the effective account name. */
export const EFFECTIVE_ACCOUNT_NAME_KEY = 'effectiveAccountName';
/** localStorage: the accounts a buyer last chose in the account switcher, under this prefix and their user id. */
export const RECENT_ACCOUNTS_KEY_PREFIX = 'recentEffectiveAccounts:';

/**
 * sessionStorage or localStorage, or null where there is none: during server-side
 * rendering, or when the browser refuses access (privacy settings), in which case
 * the app runs without it.
 */
export function browserStorage(kind: 'session' | 'local'): Storage | null {
  try {
    if (kind === 'session') return typeof sessionStorage === 'undefined' ? null : sessionStorage;
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** A stored value, trimmed; null when absent or blank. */
export function readStored(kind: 'session' | 'local', key: string): string | null {
  const value = browserStorage(kind)?.getItem(key)?.trim() ?? '';
  return value === '' ? null : value;
}
