// The effective account: the account a buyer acts for (spec section 3 and 4).
// Kept in sessionStorage under the keys of storage.ts; every commerce call carries
// its id as the effectiveAccountId query parameter.

import { EFFECTIVE_ACCOUNT_ID_KEY, EFFECTIVE_ACCOUNT_NAME_KEY, browserStorage, readStored } from './storage';

export interface EffectiveAccount {
  id: string;
  name: string | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function clean(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The stored effective account, or null when none is set. */
export function getEffectiveAccount(): EffectiveAccount | null {
  const id = readStored('session', EFFECTIVE_ACCOUNT_ID_KEY);
  if (id === null) return null;
  return { id, name: readStored('session', EFFECTIVE_ACCOUNT_NAME_KEY) };
}

export function getEffectiveAccountId(): string | null {
  return getEffectiveAccount()?.id ?? null;
}

/**
 * Stores a trimmed, non-empty id and name. An empty (or blank) value removes
 * its entry; an empty id removes both, as a name without an id means nothing.
 */
export function setEffectiveAccount(id: string | null | undefined, name?: string | null): void {
  const s = browserStorage('session');
  const cleanId = clean(id);
  const cleanName = clean(name);
  if (s) {
    if (cleanId === '') {
      s.removeItem(EFFECTIVE_ACCOUNT_ID_KEY);
      s.removeItem(EFFECTIVE_ACCOUNT_NAME_KEY);
    } else {
      s.setItem(EFFECTIVE_ACCOUNT_ID_KEY, cleanId);
      if (cleanName === '') s.removeItem(EFFECTIVE_ACCOUNT_NAME_KEY);
      else s.setItem(EFFECTIVE_ACCOUNT_NAME_KEY, cleanName);
    }
  }
  listeners.forEach((l) => l());
}

export function clearEffectiveAccount(): void {
  setEffectiveAccount(null, null);
}

/** Subscribes to changes (for useSyncExternalStore); returns the unsubscribe function. */
export function subscribeEffectiveAccount(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
