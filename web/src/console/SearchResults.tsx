// The console's search page ({basePath}/console/search?q=): the records matching the term in each object of the
// selected app's nav, grouped by object. The server searches only the fields the user may read (field-level
// security), and answers each record with its name fields only.

import { Link, useOutletContext, useSearchParams } from 'react-router';
import { getKeywordSearchResults, useWire, type RecordRep } from '../data/records';
import type { NavItem } from './Console';
import { nameOf } from './shared';

const GROUP_SIZE = 10;

export function SearchResults() {
  const navItems = useOutletContext<NavItem[]>();
  const [params] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  // SOSL's rule: a term needs two characters, wildcards and quotes left out.
  const tooShort = term.replace(/[*?" ]/g, '').length < 2;
  return (
    <>
      <h1>Search results{term ? ` for “${term}”` : ''}</h1>
      {tooShort ? (
        <p role="status">Type two characters or more to search.</p>
      ) : (
        navItems.map((n) => <SearchGroup key={`${n.objectApiName}/${term}`} item={n} term={term} />)
      )}
    </>
  );
}

interface ResultPage {
  keywordSearchResult: { records: RecordRep[]; nextPageToken: string | null };
}

function SearchGroup({ item, term }: { item: NavItem; term: string }) {
  const objectApiName = item.objectApiName as string;
  const snap = useWire(getKeywordSearchResults, { objectApiName, searchTerm: term, pageSize: GROUP_SIZE });
  const page = (snap.data as ResultPage | undefined)?.keywordSearchResult;
  const headingId = `cs-search-${objectApiName}`;
  // An object the server does not search (not searchable) has no group.
  if (snap.state === 'Error' && snap.error?.status === 404) return null;
  return (
    <section className="cs-section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {item.label}
        {page ? ` (${page.records.length}${page.nextPageToken ? '+' : ''})` : ''}
      </h2>
      {snap.state === 'Error' ? <p role="alert">{item.label} could not be searched.</p> : null}
      {!page && snap.state !== 'Error' ? <p role="status">Searching {item.label}…</p> : null}
      {page && page.records.length === 0 ? <p className="cs-empty">No matching {item.label.toLowerCase()}.</p> : null}
      {page && page.records.length ? (
        <ul className="cs-results">
          {page.records.map((r) => (
            <li key={r.id}>
              <Link to={`/console/r/${r.apiName}/${r.id}`}>{nameOf(r, Object.keys(r.fields))}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
