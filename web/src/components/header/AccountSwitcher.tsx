import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { filterAccounts, type EffectiveAccountSummary } from '../../data/accounts';
import { LOCAL_SEARCH_LIMIT, useChooseAccount, useManagedAccounts } from '../../data/accountHooks';
import { useEffectiveAccount, useSession } from '../../data/hooks';
import { getRecentAccounts } from '../../data/recentAccounts';
import { ChevronDownIcon } from './icons';
import './accountSwitcher.css';

/** The general debounce of typed input (spec section 9). */
export const SEARCH_DEBOUNCE_MS = 150;
/** Rows of the account list rendered at once: 2,000 accounts stay fast, "Show more" adds the next batch. */
export const ACCOUNT_ROWS_PER_BATCH = 100;

/** An account's place, as the switcher rows show it: "Denver, CO, United States". */
export function accountPlace(account: Pick<EffectiveAccountSummary, 'address'>): string {
  const { city, state, country } = account.address;
  return [city, state, country].filter((part) => part && part.trim() !== '').join(', ');
}

/** A value that follows `value` once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A row of the list: recent rows and full-list rows may show the same account under distinct ids. */
interface Row {
  key: string;
  account: EffectiveAccountSummary;
}

function BuildingIcon() {
  return (
    <svg className="icon" width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2}
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16M16 9h2a2 2 0 0 1 2 2v10M3 21h18M8 7h4M8 11h4M8 15h4" />
    </svg>
  );
}

/**
 * The header's account switcher (issue 8): for buyers who manage more accounts than their own. A
 * button names the account being bought for; it opens a non-modal dialog with a search combobox
 * over a listbox: the recent accounts, then every account in batches. The search waits 150 ms;
 * it filters the loaded list, or asks the server (q) when the buyer manages over 200 accounts.
 * Keys: ArrowDown or ArrowUp move (past the last row the next batch comes), Enter chooses,
 * Escape closes and returns focus to the button.
 */
export function AccountSwitcher() {
  const session = useSession();
  const effective = useEffectiveAccount();
  const accounts = useManagedAccounts();
  const chooseAccount = useChooseAccount();
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const all = accounts.data ?? [];
  if (all.length <= 1) return null;

  const ownAccount = all.find((a) => a.isCurrentUserDefaultAccount);
  const currentId = effective?.id ?? ownAccount?.id ?? session.data?.accountId ?? null;
  const currentName =
    effective?.name || all.find((a) => a.id === currentId)?.name || session.data?.accountName || ownAccount?.name || '';

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };
  const choose = (account: EffectiveAccountSummary) => {
    void chooseAccount(account);
    setAnnouncement(`Now buying for ${account.name}`);
    close(true);
  };

  return (
    <div className="account-switcher">
      <button
        type="button"
        ref={button}
        className="header-action account-switcher-button"
        // The label starts with what the button shows on wide screens; on phones only the icon shows.
        aria-label={`Buying for ${currentName}, switch account`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <BuildingIcon />
        <span className="account-switcher-name">{currentName}</span>
        <ChevronDownIcon size={16} />
      </button>
      {open && (
        <AccountPopover
          accounts={all}
          currentId={currentId}
          currentName={currentName}
          userId={session.data?.userId ?? null}
          onChoose={choose}
          onClose={close}
        />
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

interface AccountPopoverProps {
  accounts: EffectiveAccountSummary[];
  currentId: string | null;
  currentName: string;
  userId: string | null;
  onChoose: (account: EffectiveAccountSummary) => void;
  onClose: (returnFocus: boolean) => void;
}

function AccountPopover({ accounts, currentId, currentName, userId, onChoose, onClose }: AccountPopoverProps) {
  const [input, setInput] = useState('');
  const term = useDebounced(input, SEARCH_DEBOUNCE_MS).trim();
  const [shown, setShown] = useState(ACCOUNT_ROWS_PER_BATCH);
  const [active, setActive] = useState(-1);
  const root = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const ids = useId();
  const listId = `${ids}-list`;
  const rowId = (i: number) => `${ids}-row-${i}`;

  const onServer = accounts.length > LOCAL_SEARCH_LIMIT && term !== '';
  const serverResults = useManagedAccounts({ search: term, enabled: onServer });
  const results = useMemo(
    () => (term === '' ? accounts : onServer ? (serverResults.data ?? []) : filterAccounts(accounts, term)),
    [accounts, term, onServer, serverResults.data],
  );
  // Recent accounts still managed, only while not searching (a search lists what matches).
  const recent = useMemo(() => {
    if (term !== '') return [];
    const byId = new Map(accounts.map((a) => [a.id, a]));
    return getRecentAccounts(userId).flatMap((r) => byId.get(r.id) ?? []);
  }, [accounts, term, userId]);
  const rows: Row[] = [
    ...recent.map((account) => ({ key: `recent-${account.id}`, account })),
    ...results.slice(0, shown).map((account) => ({ key: `all-${account.id}`, account })),
  ];
  const more = results.length - Math.min(shown, results.length);

  useEffect(() => search.current?.focus(), []);
  useEffect(() => {
    // A new search starts over: the first batch, no row active.
    setShown(ACCOUNT_ROWS_PER_BATCH);
    setActive(-1);
  }, [term]);
  useEffect(() => {
    if (active >= 0) document.getElementById(rowId(active))?.scrollIntoView?.({ block: 'nearest' });
  });
  // The latest onClose, so the pointer listener is added once per opening, not on every render.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const onPointer = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) closeRef.current(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (active === rows.length - 1 && more > 0) setShown(shown + ACCOUNT_ROWS_PER_BATCH);
        if (active < rows.length - 1 || more > 0) setActive(active + 1);
        return;
      case 'ArrowUp':
        e.preventDefault();
        setActive(Math.max(active - 1, 0));
        return;
      case 'Enter':
        if (rows[active]) {
          e.preventDefault();
          onChoose(rows[active].account);
        }
        return;
      case 'Escape':
        e.preventDefault();
        onClose(true);
        return;
    }
  };

  const searching = onServer && serverResults.isPending;
  const failed = onServer && serverResults.isError;
  const renderRow = (row: Row, index: number) => {
    const current = row.account.id === currentId;
    const place = accountPlace(row.account);
    return (
      <li
        key={row.key}
        id={rowId(index)}
        role="option"
        aria-selected={current}
        className={`account-option${index === active ? ' is-active' : ''}${current ? ' is-current' : ''}`}
        onClick={() => onChoose(row.account)}
        onMouseMove={() => index !== active && setActive(index)}
      >
        <span className="account-option-name">
          {row.account.name}
          {current && <span className="account-option-badge"> (current)</span>}
        </span>
        {place && <span className="account-option-place">{place}</span>}
      </li>
    );
  };

  return (
    <div
      className="account-switcher-popover"
      role="dialog"
      aria-label="Switch account"
      ref={root}
      onBlur={(e) => {
        // Focus moving out of the dialog (Tab past its end) closes it; a click inside keeps it.
        if (e.relatedTarget && !root.current?.contains(e.relatedTarget as Node)) onClose(false);
      }}
    >
      <p className="account-switcher-current">
        Buying for <strong>{currentName}</strong>
      </p>
      <label className="account-switcher-label" htmlFor={`${ids}-search`}>
        Search accounts
      </label>
      <input
        id={`${ids}-search`}
        ref={search}
        type="search"
        className="account-switcher-search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={active >= 0 && rows[active] ? rowId(active) : undefined}
        autoComplete="off"
        value={input}
        onChange={(e) => setInput(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="account-switcher-results">
        {searching ? (
          <p className="account-switcher-status" role="status">
            Searching accounts…
          </p>
        ) : failed ? (
          <p className="account-switcher-status" role="alert">
            Accounts could not be loaded.{' '}
            <button type="button" className="account-switcher-link" onClick={() => void serverResults.refetch()}>
              Try again
            </button>
          </p>
        ) : results.length === 0 ? (
          <p className="account-switcher-status" role="status">
            No accounts match &apos;{term}&apos;
          </p>
        ) : null}
        {/* Grouped options as in the WAI-ARIA listbox example: each group labelled by its first item. */}
        <div id={listId} role="listbox" aria-label="Accounts" className="account-switcher-list">
          {recent.length > 0 && (
            <ul role="group" aria-labelledby={`${ids}-recent`}>
              <li role="presentation" className="account-switcher-group" id={`${ids}-recent`}>
                Recent accounts
              </li>
              {rows.slice(0, recent.length).map((row, i) => renderRow(row, i))}
            </ul>
          )}
          {results.length > 0 && !searching && (
            <ul role="group" aria-labelledby={`${ids}-all`}>
              <li role="presentation" className="account-switcher-group" id={`${ids}-all`}>
                {term === '' ? 'All accounts' : 'Matching accounts'}
              </li>
              {rows.slice(recent.length).map((row, i) => renderRow(row, recent.length + i))}
            </ul>
          )}
        </div>
        {more > 0 && !searching && (
          <p className="account-switcher-more">
            <span>
              Showing {(results.length - more).toLocaleString()} of {results.length.toLocaleString()}
            </span>
            <button type="button" className="account-switcher-link" onClick={() => setShown(shown + ACCOUNT_ROWS_PER_BATCH)}>
              Show more
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
