// The accounts a buyer acts for (spec sections 3, 5, 7 "Effective accounts" and 8): the account
// switcher's list (external-managed-accounts), one account's details (effective-accounts/{id}),
// and choosing the effective account, which every later commerce call carries.

import { setEffectiveAccount } from './effectiveAccount';
import { FetchError, type ApiErrorEntry } from './errors';
import { commerceUrl, requestJson } from './http';

/** An account's address as the switcher shows it. */
export interface AccountAddress {
  city: string | null;
  country: string | null;
  state: string | null;
  street: string | null;
  zip: string | null;
}

/** An effective account (spec section 3): what the switcher lists and the header shows. */
export interface EffectiveAccountSummary {
  id: string;
  name: string;
  /** The buyer's own account (isMyAccount on the wire). */
  isCurrentUserDefaultAccount: boolean;
  address: AccountAddress;
}

/** One account's details: the summary and the Account fields asked for, as strings. */
export interface EffectiveAccountDetails extends EffectiveAccountSummary {
  fields: Record<string, string | null>;
}

/** The localized message of the type error for a blank effective account id (spec section 5). */
export const EFFECTIVE_ACCOUNT_ID_REQUIRED = 'effective account id required';

interface RawAccount {
  accountId?: string;
  accountName?: string | null;
  isMyAccount?: boolean | null;
  address?: Partial<Record<keyof AccountAddress, string | null>> | null;
  fields?: Record<string, string | null> | null;
}

function text(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v : null;
}

/** Derives an effective account from the response fields accountId, accountName, isMyAccount and address. */
export function toEffectiveAccount(raw: RawAccount): EffectiveAccountSummary {
  const a = raw.address ?? {};
  return {
    id: raw.accountId ?? '',
    name: raw.accountName ?? '',
    isCurrentUserDefaultAccount: raw.isMyAccount === true,
    address: { city: text(a.city), country: text(a.country), state: text(a.state), street: text(a.street), zip: text(a.zip) },
  };
}

export interface ManagedAccountsOptions {
  /** List the buyer's own account first (default true; the API's own default is false). */
  includeMyAccount?: boolean;
  /** Keep the accounts whose name contains this (the server's q parameter, Storefront's own). */
  search?: string;
  signal?: AbortSignal;
}

/** GET external-managed-accounts: the accounts the buyer may act for, their own first, then by name. */
export async function getManagedAccounts(options: ManagedAccountsOptions = {}): Promise<EffectiveAccountSummary[]> {
  const q = options.search?.trim();
  const raw = await requestJson<{ externalManagedAccounts?: RawAccount[] | null }>(
    commerceUrl('external-managed-accounts', { includeMyAccount: options.includeMyAccount ?? true, q: q || undefined }),
    { signal: options.signal },
  );
  return (raw?.externalManagedAccounts ?? []).map(toEffectiveAccount);
}

/**
 * Filters a loaded account list by name (case-insensitive, trimmed), keeping its order: the
 * switcher searches 2,000 accounts as the buyer types without asking the server again.
 */
export function filterAccounts(accounts: readonly EffectiveAccountSummary[], term: string): EffectiveAccountSummary[] {
  const t = term.trim().toLocaleLowerCase();
  if (t === '') return accounts.slice();
  return accounts.filter((a) => a.name.toLocaleLowerCase().includes(t));
}

/** A failed details call, rethrown with the HTTP status text as its message (spec section 8). */
export class EffectiveAccountError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly errors: ApiErrorEntry[];

  constructor(cause: FetchError) {
    super(cause.statusText || cause.message, { cause });
    this.name = 'EffectiveAccountError';
    this.status = cause.status;
    this.statusText = cause.statusText;
    this.errors = cause.errors;
  }
}

/**
 * GET effective-accounts/{effectiveAccountId}?fields=...: one account's details. A blank id is a
 * TypeError with 'effective account id required', before any call.
 */
export async function getEffectiveAccountDetails(
  effectiveAccountId: string,
  options: { fields?: string[]; signal?: AbortSignal } = {},
): Promise<EffectiveAccountDetails> {
  if (typeof effectiveAccountId !== 'string' || effectiveAccountId.trim() === '') {
    throw new TypeError(EFFECTIVE_ACCOUNT_ID_REQUIRED);
  }
  const fields = options.fields?.map((f) => f.trim()).filter((f) => f !== '');
  // The path names the account: the stored effective account is not added beside it.
  const url = commerceUrl(
    `effective-accounts/${encodeURIComponent(effectiveAccountId.trim())}`,
    { fields: fields?.length ? fields.join(',') : undefined },
    { effectiveAccount: false },
  );
  try {
    const raw = await requestJson<RawAccount>(url, { signal: options.signal });
    return { ...toEffectiveAccount(raw), fields: raw?.fields ?? {} };
  } catch (err) {
    if (err instanceof FetchError) throw new EffectiveAccountError(err);
    throw err;
  }
}

/** Makes the account the effective one (stored trimmed; a blank id forgets it). */
export function chooseEffectiveAccount(account: Pick<EffectiveAccountSummary, 'id' | 'name'> | null): void {
  setEffectiveAccount(account?.id ?? null, account?.name ?? null);
}
