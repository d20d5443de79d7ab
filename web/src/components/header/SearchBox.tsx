import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSearchSuggestions } from '../../data/headerHooks';
import { SEARCH_MAX_LENGTH, searchPath, searchTerm, suggestionTerm } from '../../data/searchSuggestions';
import { SearchIcon } from './icons';

/** Typing pauses this long before suggestions are asked (spec section 9: general debounce). */
export const SUGGESTION_DEBOUNCE_MS = 150;
export const DEFAULT_SEARCH_PLACEHOLDER = 'Search for a product...';

interface SearchBoxProps {
  placeholder?: string;
  label?: string;
}

/** The option after (or before) `current` in a list of `count`, wrapping; -1 is none. */
export function nextOption(current: number, down: boolean, count: number): number {
  if (count === 0) return -1;
  if (down) return current < count - 1 ? current + 1 : 0;
  return current > 0 ? current - 1 : count - 1;
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/**
 * The header search (spec sections 2 and 5): a search input of at most 255 characters and a
 * Search button. Enter or the button goes to {basePath}/global-search/{text}; blank text does
 * nothing. While typing, suggestions show as a combobox listbox: arrow keys move, Enter picks,
 * Escape closes.
 */
export function SearchBox({ placeholder = DEFAULT_SEARCH_PLACEHOLDER, label = 'Search' }: SearchBoxProps) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const ids = useId();
  const listId = `${ids}-suggestions`;
  const inputId = `${ids}-input`;

  const debounced = useDebounced(text, SUGGESTION_DEBOUNCE_MS);
  const suggestions = useSearchSuggestions(suggestionTerm(debounced));
  // Suggestions of an older term are not shown while the current one loads.
  const options = suggestions.data && searchTerm(text) !== null ? suggestions.data : [];
  const expanded = open && options.length > 0;

  useEffect(() => setActive(-1), [suggestions.data]);

  const go = (value: string) => {
    const t = searchTerm(value);
    if (t === null) return;
    setOpen(false);
    setActive(-1);
    setText(t);
    navigate(searchPath(t));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    go(text);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (options.length === 0) return;
      e.preventDefault();
      setOpen(true);
      const down = e.key === 'ArrowDown';
      setActive((a) => nextOption(expanded ? a : -1, down, options.length));
      return;
    }
    if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (e.key === 'Enter' && expanded && active >= 0) {
      e.preventDefault();
      go(options[active]);
    }
  };

  return (
    <form role="search" className="search-box" onSubmit={onSubmit} aria-label={label}>
      <label htmlFor={inputId} className="visually-hidden">
        {label}
      </label>
      <div className="search-field">
        <input
          id={inputId}
          ref={input}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={placeholder}
          value={text}
          onChange={(e) => {
            setText(e.target.value.slice(0, SEARCH_MAX_LENGTH));
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
        />
        <ul id={listId} role="listbox" aria-label="Search suggestions" className="search-suggestions" hidden={!expanded}>
          {expanded &&
            options.map((option, i) => (
              <li
                key={option}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'is-active' : undefined}
                // mousedown, not click: the input's blur would close the list first.
                onMouseDown={(e) => {
                  e.preventDefault();
                  go(option);
                }}
              >
                <SearchIcon size={16} />
                <span>{option}</span>
              </li>
            ))}
        </ul>
      </div>
      <button type="submit" className="search-button">
        <SearchIcon size={20} />
        <span className="visually-hidden">Search</span>
      </button>
    </form>
  );
}
