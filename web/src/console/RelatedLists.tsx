// A record's related lists: each with its count, a page of records and paging, and "New" to create a child record
// with the record form (NewRecord.tsx), the parent filled in.

import { useState } from 'react';
import { Link } from 'react-router';
import {
  getObjectInfo,
  getRelatedListCount,
  getRelatedListRecords,
  getRelatedListsInfo,
  useWire,
  getRelatedListInfo,
  type RecordRep,
} from '../data/records';
import { Avatar, useAvatars } from './Avatar';
import { Files } from './Files';
import { NewRecordDialog } from './NewRecord';
import { Pager } from './Pager';
import { displayOf, useRefresh } from './shared';

const PAGE_SIZE = 5;

interface RelatedSummary {
  relatedListId: string;
  label: string;
  objectApiName: string;
  entityLabel: string;
  fieldApiName: string;
}

export function RelatedLists({ parent, recordTypeId }: { parent: RecordRep; recordTypeId: string }) {
  const snap = useWire(getRelatedListsInfo, { parentObjectApiName: parent.apiName, recordTypeId });
  const lists = (snap.data as { relatedLists?: RelatedSummary[] } | undefined)?.relatedLists ?? [];
  if (snap.state === 'Error') return <p role="alert">The related lists could not be loaded.</p>;
  return (
    <div className="cs-related">
      {lists.map((l) =>
        // The record's files are a list of their own, with uploads (Files.tsx).
        l.objectApiName === 'ContentDocumentLink' ? (
          <Files key={`${l.relatedListId}:${parent.id}`} parent={parent} relatedListId={l.relatedListId} />
        ) : (
          <RelatedList key={l.relatedListId} parent={parent} summary={l} />
        ),
      )}
    </div>
  );
}

function RelatedList({ parent, summary }: { parent: RecordRep; summary: RelatedSummary }) {
  const [pageToken, setPageToken] = useState<string | undefined>();
  const [creating, setCreating] = useState(false);
  const refresh = useRefresh();
  // New only where the user may create the child object (a Support Agent reads an order's items, adds none).
  const createable = (useWire(getObjectInfo, { objectApiName: summary.objectApiName }).data as { createable?: boolean } | undefined)?.createable === true;
  const info = useWire(getRelatedListInfo, { parentObjectApiName: parent.apiName, relatedListId: summary.relatedListId });
  const columns = ((info.data as { displayColumns?: { fieldApiName: string; label: string }[] } | undefined)?.displayColumns ?? []).slice(0, 4);
  const countConfig = { parentRecordId: parent.id, relatedListId: summary.relatedListId };
  const count = useWire(getRelatedListCount, countConfig);
  const recordsConfig = columns.length
    ? { parentRecordId: parent.id, relatedListId: summary.relatedListId, fields: columns.map((c) => `${summary.objectApiName}.${c.fieldApiName}`), pageSize: PAGE_SIZE, pageToken }
    : undefined;
  const page = useWire(getRelatedListRecords, recordsConfig);
  const data = page.data as { records: RecordRep[]; nextPageToken: string | null; previousPageToken: string | null } | undefined;
  const n = (count.data as { count?: number } | undefined)?.count;
  const avatars = useAvatars(data?.records.map((r) => r.id) ?? []);
  const headingId = `cs-rl-${summary.relatedListId}`;

  const created = async () => {
    setCreating(false);
    setPageToken(undefined);
    const again: Parameters<typeof refresh>[0] = [[getRelatedListCount, countConfig]];
    if (recordsConfig) again.push([getRelatedListRecords, { ...recordsConfig, pageToken: undefined }]);
    await refresh(again);
  };

  return (
    <section className="cs-rl" aria-labelledby={headingId}>
      <div className="cs-rl__head">
        <h2 id={headingId}>
          {summary.label} ({n ?? '…'})
        </h2>
        {createable ? (
          <button type="button" onClick={() => setCreating(true)}>
            New<span className="cs-sr"> {summary.entityLabel}</span>
          </button>
        ) : null}
      </div>
      {page.state === 'Error' ? <p role="alert">These records could not be loaded.</p> : null}
      {data && data.records.length ? (
        <table className="cs-table">
          <caption className="cs-sr">{summary.label}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.fieldApiName} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.records.map((r) => (
              <tr key={r.id}>
                {columns.map((c, i) => (
                  <td key={c.fieldApiName}>
                    {i === 0 ? (
                      <Link to={`/console/r/${r.apiName}/${r.id}`}>
                        <Avatar avatar={avatars[r.id]} />
                        {displayOf(r, c.fieldApiName) || r.id}
                      </Link>
                    ) : (
                      displayOf(r, c.fieldApiName)
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : data ? (
        <p className="cs-empty">No {summary.label.toLowerCase()} yet.</p>
      ) : null}
      <Pager label={summary.label} page={data} onPage={setPageToken} />
      {creating ? (
        <NewRecordDialog
          objectApiName={summary.objectApiName}
          fixed={{ [summary.fieldApiName]: parent.id }}
          onClose={() => setCreating(false)}
          onSaved={() => void created()}
        />
      ) : null}
    </section>
  );
}
