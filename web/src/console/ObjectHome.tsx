// An object's home: its list views (switch, search, paging, the recent list) and the grid whose sort, column widths
// and wrap are saved as the list's preferences, so they survive a reload.

import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  getListInfoByName,
  getListInfosByObjectName,
  getListRecordsByName,
  useRecordWrites,
  useWire,
  type ListPreferencesInput,
  type RecordRep,
} from '../data/records';
import { Avatar, useAvatars } from './Avatar';
import { Grid, type Column } from './Grid';
import { Pager } from './Pager';
import { NewButton } from './NewRecord';
import { AUTO_WIDTH } from './grid';
import { displayOf } from './shared';

const PAGE_SIZE = 25;

interface ListInfo {
  label: string;
  displayColumns: { fieldApiName: string; label: string; sortable: boolean }[];
  orderedByInfo: { fieldApiName: string; isAscending: boolean }[];
  userPreferences?: { columnWidths?: Record<string, number>; columnWrap?: Record<string, boolean> };
}

interface ListPage {
  count: number;
  records: RecordRep[];
  currentPageToken: string | null;
  nextPageToken: string | null;
  previousPageToken: string | null;
}

export function ObjectHome() {
  const { objectApiName = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const lists = useWire(getListInfosByObjectName, { objectApiName });
  const views = (lists.data as { lists?: { apiName: string; label: string }[] } | undefined)?.lists ?? [];
  const view = params.get('view') ?? views[0]?.apiName;
  const search = params.get('q') ?? '';
  const [draft, setDraft] = useState(search);

  const set = (next: Record<string, string>) => setParams((p) => {
    for (const [k, v] of Object.entries(next)) if (v) p.set(k, v); else p.delete(k);
    return p;
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    set({ q: draft.trim() });
  };

  return (
    <>
      <div className="cs-toolbar">
        <h1>{views.find((v) => v.apiName === view)?.label ?? objectApiName}</h1>
        <label>
          <span>List view</span>
          <select value={view ?? ''} onChange={(e) => set({ view: e.target.value })} disabled={!views.length}>
            {views.map((v) => (
              <option key={v.apiName} value={v.apiName}>
                {v.label}
              </option>
            ))}
          </select>
        </label>
        <NewButton objectApiName={objectApiName} />
        <form role="search" onSubmit={submit}>
          <label>
            <span>Search this list</span>
            <input type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
          </label>
          <button type="submit">Search</button>
        </form>
      </div>
      {lists.state === 'Error' ? <p role="alert">The list views could not be loaded.</p> : null}
      {view ? <ListView key={`${objectApiName}/${view}/${search}`} objectApiName={objectApiName} listViewApiName={view} searchTerm={search} /> : null}
    </>
  );
}

function ListView({ objectApiName, listViewApiName, searchTerm }: { objectApiName: string; listViewApiName: string; searchTerm: string }) {
  const navigate = useNavigate();
  const { updateListPreferences } = useRecordWrites();
  const [pageToken, setPageToken] = useState<string | undefined>(undefined);
  const [saveError, setSaveError] = useState('');
  const infoConfig = { objectApiName, listViewApiName };
  const infoSnap = useWire(getListInfoByName, infoConfig);
  const info = infoSnap.data as ListInfo | undefined;
  const page = useWire(
    getListRecordsByName,
    // Asked for at once beside the info, without a sortBy: the server sorts by the caller's preferred order, and a
    // new order (updateListPreferences) drops the cached pages, so the one shown is fetched again.
    { objectApiName, listViewApiName, pageSize: PAGE_SIZE, pageToken, searchTerm: searchTerm || undefined },
  );
  // While a page is fetched again (a new order, another page), the one on screen stays, marked busy, rather than an
  // empty grid flashing between them.
  const fresh = page.data as ListPage | undefined;
  const [kept, setKept] = useState<ListPage | undefined>(undefined);
  useEffect(() => {
    if (fresh) setKept(fresh);
  }, [fresh]);
  const data = fresh ?? kept;
  const avatars = useAvatars(data?.records.map((r) => r.id) ?? []);

  if (infoSnap.state === 'Error' || page.state === 'Error') return <p role="alert">This list could not be loaded. Reload the page to try again.</p>;
  if (!info) return <p role="status">Loading the list…</p>;

  const columns: Column[] = info.displayColumns.map((c) => ({
    ...c,
    width: info.userPreferences?.columnWidths?.[c.fieldApiName] ?? AUTO_WIDTH,
    wrap: info.userPreferences?.columnWrap?.[c.fieldApiName] ?? false,
  }));
  const sort = info.orderedByInfo[0];

  const savePrefs = async (body: Omit<ListPreferencesInput, 'objectApiName' | 'listViewApiName'>) => {
    setSaveError('');
    try {
      await updateListPreferences({ objectApiName, listViewApiName, ...body });
    } catch {
      setSaveError('Your change to this list could not be saved.');
    }
  };
  const onSort = (fieldApiName: string) => {
    const isAscending = sort?.fieldApiName === fieldApiName ? !sort.isAscending : true;
    setPageToken(undefined);
    void savePrefs({ orderedBy: [{ fieldApiName, isAscending }] });
  };

  const recordPath = (id: string) => `/console/r/${objectApiName}/${id}`;
  const rows = (data?.records ?? []).map((r) => ({
    id: r.id,
    cells: columns.map((c, i) =>
      i === 0 ? (
        <Link to={recordPath(r.id)} tabIndex={-1}>
          <Avatar avatar={avatars[r.id]} />
          {displayOf(r, c.fieldApiName) || r.id}
        </Link>
      ) : (
        displayOf(r, c.fieldApiName)
      ),
    ),
  }));

  return (
    <section aria-labelledby="cs-list-count">
      <p id="cs-list-count" className="cs-count" aria-live="polite">
        {data ? `${countText(data)}${searchTerm ? ` matching “${searchTerm}”` : ''}` : 'Loading…'}
      </p>
      {saveError ? <p role="alert">{saveError}</p> : null}
      <div className="cs-grid-wrap" aria-busy={!fresh}>
        <Grid
          label={info.label}
          columns={columns}
          rows={rows}
          sort={sort}
          onSort={onSort}
          onOpen={(id) => navigate(recordPath(id))}
          onResize={(f, width) => void savePrefs({ columnWidths: { [f]: width } })}
          onWrap={(f, wrap) => void savePrefs({ columnWrap: { [f]: wrap } })}
        />
      </div>
      {data && data.records.length === 0 ? <p className="cs-empty">No items to show{searchTerm ? ' for this search' : ''}.</p> : null}
      <Pager label="this list" page={data} onPage={setPageToken} always />
    </section>
  );
}

/** The page's count: its records, with a "+" when more follow (a list never counts all its rows: 100,000 would cost). */
function countText(page: ListPage): string {
  const n = page.records.length;
  return `${n}${page.nextPageToken ? '+' : ''} ${n === 1 && !page.nextPageToken ? 'item' : 'items'}`;
}
