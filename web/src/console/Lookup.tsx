// A reference field's input: an ARIA combobox (editable, list autocomplete) that searches the field's target object
// with lookups/{object}/{field}/{target}?q= as the user types (debounced), lists the records by name and keeps the
// chosen record's id as the value. A field with several target objects lets the user pick the target first.

import { useEffect, useState, type KeyboardEvent } from 'react';
import { getLookupRecords, useRecord, useWire, type RecordRep } from '../data/records';
import type { FieldInfo, FormValue } from './fields';
import { nameOf } from './shared';

/** How long typing must pause before a search is sent. */
export const SEARCH_DELAY_MS = 250;
const PAGE_SIZE = 10;

/** The option made active by a key (arrows wrap; Home and End jump), or undefined for a key the list ignores. */
export function moveActive(active: number, key: string, count: number): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case 'ArrowDown':
      return active < 0 || active >= count - 1 ? 0 : active + 1;
    case 'ArrowUp':
      return active <= 0 ? count - 1 : active - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/** The field that names a target's records: Name when it has one (a User's name fields start with FirstName). */
export function nameFieldOf(target: { nameFields: string[] } | undefined): string {
  const nameFields = target?.nameFields ?? [];
  return nameFields.includes('Name') || !nameFields.length ? 'Name' : nameFields[0];
}

/** The name of the record an id refers to (its id until read, null for no id): one cached read shared by all. */
export function useRecordName(recordId: string | null, objectApiName: string, nameField: string): string | null {
  const snap = useRecord(recordId ? { recordId, optionalFields: [`${objectApiName}.${nameField}`] } : undefined);
  if (!recordId) return null;
  return snap.data ? nameOf(snap.data, [nameField]) : recordId;
}

interface Props {
  id: string;
  field: FieldInfo;
  objectApiName: string;
  value: string | null;
  required?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  onChange(value: FormValue): void;
}

export function Lookup({ id, field, objectApiName, value, onChange, ...aria }: Props) {
  const targets = field.referenceToInfos ?? [];
  const [target, setTarget] = useState(targets[0]?.apiName ?? '');
  const nameField = nameFieldOf(targets.find((t) => t.apiName === target));
  // The chosen record's name: known once picked, else read once for a value the form started with.
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);
  const initialName = useRecordName(chosen?.id !== value && targets.length === 1 ? value : null, target, nameField);
  const selectedName = chosen?.id === value ? chosen.name : (initialName ?? value ?? '');

  const [text, setText] = useState<string | null>(null); // null: not typing, the input shows the chosen name
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  useEffect(() => {
    const t = setTimeout(() => setQuery(text ?? ''), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [text]);

  // Until the typing pauses, the last search's results are for other text: none are shown.
  const settled = query === (text ?? '');
  const snap = useWire(
    getLookupRecords,
    open && target && settled
      ? { fieldApiName: `${objectApiName}.${field.apiName}`, targetApiName: target, requestParams: { q: query || undefined, searchType: 'TypeAhead', pageSize: PAGE_SIZE } }
      : undefined,
  );
  const found = (snap.data as { records?: RecordRep[] } | undefined)?.records ?? [];
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-opt-${i}`;

  const choose = (r: RecordRep) => {
    setChosen({ id: r.id, name: nameOf(r, [nameField]) });
    setText(null);
    setOpen(false);
    setActive(-1);
    onChange(r.id);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      if (!open) return; // a closed list lets Escape reach the form (a dialog closes)
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (e.key === 'Enter') {
      if (open && found[active]) {
        e.preventDefault();
        choose(found[active]);
      }
      return;
    }
    if (e.key === 'ArrowDown' && !open) {
      e.preventDefault();
      setOpen(true);
      return;
    }
    if (!open) return;
    const next = moveActive(active, e.key, found.length);
    if (next !== undefined) {
      e.preventDefault();
      setActive(next);
    }
  };

  return (
    <div className="cs-lookup">
      {targets.length > 1 ? (
        <select
          aria-label={`${field.label}: object to search`}
          value={target}
          onChange={(e) => {
            setTarget(e.target.value);
            setActive(-1);
          }}
        >
          {targets.map((t) => (
            <option key={t.apiName} value={t.apiName}>
              {t.apiName}
            </option>
          ))}
        </select>
      ) : null}
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && found[active] ? optionId(active) : undefined}
        placeholder={`Search ${target || field.label}…`}
        required={aria.required}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
        value={text ?? selectedName}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
          if (value) onChange(null); // typing replaces the chosen record
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          if (!value) setText(null);
        }}
      />
      <ul id={listId} role="listbox" aria-label={`${field.label} results`} className="cs-lookup__list" hidden={!open || !found.length}>
        {found.map((r, i) => (
          <li
            key={r.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'cs-lookup__opt cs-lookup__opt--active' : 'cs-lookup__opt'}
            // mousedown, not click: the input keeps focus, so its blur does not close the list first
            onMouseDown={(e) => {
              e.preventDefault();
              choose(r);
            }}
          >
            {nameOf(r, [nameField])}
          </li>
        ))}
      </ul>
      {open ? (
        <p className="cs-lookup__note" role="status">
          {snap.state === 'Error' ? 'The search failed.' : !snap.data ? 'Searching…' : found.length ? '' : 'No matches.'}
        </p>
      ) : null}
    </div>
  );
}
