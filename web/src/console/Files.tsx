// A record's Files related list (its ContentDocumentLinks): each file's title (a download link), type, size and
// date, with "Upload Files" (a button, or files dropped on the list) that sends each file with a progress bar of its
// own, cancellable while it is sent. A finished upload refreshes the list and its count.

import { useEffect, useReducer, useRef, useState, type DragEvent } from 'react';
import { API_VERSION, sitePath } from '../data/config';
import { getRelatedListCount, getRelatedListRecords, useWire, type RecordRep } from '../data/records';
import { displayOf, useRefresh } from './shared';
import { Pager } from './Pager';
import { formatSize, percentOf, refusal, sendFile, uploadsReducer, type Upload } from './upload';
import './media.css';

const PAGE_SIZE = 5;
const DOC = 'ContentDocumentLink.ContentDocument.';
const FIELDS = ['Title', 'FileType', 'ContentSize', 'LatestPublishedVersionId', 'CreatedDate'].map((f) => DOC + f);

const downloadUrl = (versionId: string) => sitePath(`/services/data/${API_VERSION}/sobjects/ContentVersion/${versionId}/VersionData`);

export function Files({ parent, relatedListId }: { parent: RecordRep; relatedListId: string }) {
  const [pageToken, setPageToken] = useState<string | undefined>();
  const [uploads, dispatch] = useReducer(uploadsReducer, []);
  const [over, setOver] = useState(false);
  const cancels = useRef(new Map<number, () => void>());
  const nextId = useRef(1);
  const input = useRef<HTMLInputElement>(null);
  const refresh = useRefresh();
  const countConfig = { parentRecordId: parent.id, relatedListId };
  const recordsConfig = { parentRecordId: parent.id, relatedListId, fields: FIELDS, sortBy: ['-ContentDocumentLink.CreatedDate'], pageSize: PAGE_SIZE };
  const count = useWire(getRelatedListCount, countConfig);
  const page = useWire(getRelatedListRecords, { ...recordsConfig, pageToken });
  const data = page.data as { records: RecordRep[]; nextPageToken: string | null; previousPageToken: string | null } | undefined;
  const n = (count.data as { count?: number } | undefined)?.count;

  // Leaving the page stops what is still being sent.
  useEffect(() => {
    const inFlight = cancels.current;
    return () => inFlight.forEach((cancel) => cancel());
  }, []);

  const uploaded = (id: number) => {
    cancels.current.delete(id);
    dispatch({ type: 'done', id });
    setPageToken(undefined);
    void refresh([
      [getRelatedListCount, countConfig],
      [getRelatedListRecords, recordsConfig],
    ]);
  };

  const start = (files: Iterable<File>) => {
    for (const file of files) {
      const id = nextId.current++;
      dispatch({ type: 'start', id, name: file.name, size: file.size });
      const refused = refusal(file);
      if (refused) {
        dispatch({ type: 'failed', id, message: refused });
        continue;
      }
      cancels.current.set(
        id,
        sendFile(file, parent.id, {
          onProgress: (loaded) => dispatch({ type: 'progress', id, loaded }),
          onDone: () => uploaded(id),
          onFailed: (message) => {
            cancels.current.delete(id);
            dispatch({ type: 'failed', id, message });
          },
        }),
      );
    }
  };

  const cancel = (id: number) => {
    cancels.current.get(id)?.();
    cancels.current.delete(id);
    dispatch({ type: 'cancelled', id });
  };

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    start(e.dataTransfer.files);
  };

  const headingId = `cs-rl-${relatedListId}`;
  return (
    <section className="cs-rl" aria-labelledby={headingId} onDragOver={(e) => e.preventDefault()} onDrop={drop}>
      <div className="cs-rl__head">
        <h2 id={headingId}>Files ({n ?? '…'})</h2>
      </div>
      <div
        className={over ? 'cs-drop cs-drop--over' : 'cs-drop'}
        onDragEnter={() => setOver(true)}
        onDragLeave={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setOver(false)}
      >
        <button type="button" onClick={() => input.current?.click()}>
          Upload Files
        </button>{' '}
        or drop files here
        <input
          ref={input}
          type="file"
          multiple
          hidden
          onChange={(e) => {
            start(e.currentTarget.files ?? []);
            e.currentTarget.value = '';
          }}
        />
      </div>
      {uploads.length ? (
        <ul className="cs-uploads" aria-label="Uploads">
          {uploads.map((u) => (
            <UploadRow key={u.id} upload={u} onCancel={() => cancel(u.id)} onDismiss={() => dispatch({ type: 'dismiss', id: u.id })} />
          ))}
        </ul>
      ) : null}
      {page.state === 'Error' ? <p role="alert">The files could not be loaded.</p> : null}
      {data && data.records.length ? (
        <table className="cs-table">
          <caption className="cs-sr">Files</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Type</th>
              <th scope="col">Size</th>
              <th scope="col">Uploaded</th>
            </tr>
          </thead>
          <tbody>
            {data.records.map((r) => {
              const versionId = displayOf(r, 'ContentDocument.LatestPublishedVersionId');
              const size = Number(displayOf(r, 'ContentDocument.ContentSize'));
              return (
                <tr key={r.id}>
                  <td>
                    <a href={downloadUrl(versionId)} download>
                      {displayOf(r, 'ContentDocument.Title')}
                      <span className="cs-sr"> (download)</span>
                    </a>
                  </td>
                  <td>{displayOf(r, 'ContentDocument.FileType')}</td>
                  <td>{formatSize(size)}</td>
                  <td>{displayOf(r, 'ContentDocument.CreatedDate')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : data ? (
        <p className="cs-empty">No files yet.</p>
      ) : null}
      <Pager label="Files" page={data} onPage={setPageToken} />
    </section>
  );
}

/** One upload: its name, a progress bar while it is sent (with Cancel), then how it ended. */
function UploadRow({ upload: u, onCancel, onDismiss }: { upload: Upload; onCancel(): void; onDismiss(): void }) {
  const pct = percentOf(u);
  return (
    <li>
      <span className="cs-upload-name">
        {u.name} ({formatSize(u.size)})
      </span>
      {u.status === 'uploading' ? (
        <>
          <span
            className="cs-progress"
            role="progressbar"
            aria-label={`Uploading ${u.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
            aria-valuetext={`${pct}%`}
          >
            <span style={{ width: `${pct}%` }} />
          </span>
          <button type="button" onClick={onCancel}>
            Cancel<span className="cs-sr"> upload of {u.name}</span>
          </button>
        </>
      ) : (
        <>
          {u.status === 'failed' ? (
            <span className="cs-error" role="alert">
              {u.name}: {u.message}
            </span>
          ) : (
            <span role="status">{u.status === 'done' ? 'Uploaded' : 'Cancelled'}</span>
          )}
          <button type="button" onClick={onDismiss}>
            Dismiss<span className="cs-sr"> {u.name}</span>
          </button>
        </>
      )}
    </li>
  );
}
