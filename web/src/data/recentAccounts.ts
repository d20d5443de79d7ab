// The account switcher's "Recent accounts": the last accounts a buyer chose, newest first, kept in
// localStorage per user (two buyers sharing a browser keep their own lists).

import { RECENT_ACCOUNTS_KEY_PREFIX, browserStorage } from './storage';

/** How many recent accounts are kept. */
export const RECENT_ACCOUNTS_LIMIT = 5;

export interface RecentAccount {
  id: string;
  name: string;
}

function storageKey(userId: string): string {
  return RECENT_ACCOUNTS_KEY_PREFIX + userId;
}

/** The user's recent accounts, newest first; anything unreadable counts as none. */
export function getRecentAccounts(userId: string | null | undefined): RecentAccount[] {
  if (!userId) return [];
  try {
    const parsed: unknown = JSON.parse(browserStorage('local')?.getItem(storageKey(userId)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((a): a is RecentAccount => typeof a?.id === 'string' && a.id.trim() !== '' && typeof a?.name === 'string')
      .slice(0, RECENT_ACCOUNTS_LIMIT);
  } catch {
    return [];
  }
}

/** Puts the account first in the user's recent accounts (once), keeping at most RECENT_ACCOUNTS_LIMIT. */
export function rememberRecentAccount(userId: string | null | undefined, account: RecentAccount): RecentAccount[] {
  if (!userId) return [];
  const next = [
    { id: account.id.trim(), name: account.name.trim() },
    ...getRecentAccounts(userId).filter((a) => a.id !== account.id.trim()),
  ].slice(0, RECENT_ACCOUNTS_LIMIT);
  try {
    browserStorage('local')?.setItem(storageKey(userId), JSON.stringify(next));
  } catch {
    // A full or refused storage only loses the list.
  }
  return next;
}
