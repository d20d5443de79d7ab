// A record's related lists: each with its count, a page of records and paging, and "New" to create a child record
// from the object's create defaults with the parent filled in.

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  getObjectInfo,
  getRelatedListCount,
  getRelatedListRecords,
  getRelatedListsInfo,
  useLayout,
  useRecordCreateDefaults,
  useRecordWrites,
  useWire,
  getRelatedListInfo,
  type RecordRep,
} from '../data/records';
import { FieldInput, type FieldInfo } from './fields';
import { displayOf, saveErrors, useRefresh, type SaveErrors } from './shared';

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
      {lists.map((l) => (
        <RelatedList key={l.relatedListId} parent={parent} summary={l} />
      ))}
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
                    {i === 0 ? <Link to={`/console/r/${r.apiName}/${r.id}`}>{displayOf(r, c.fieldApiName) || r.id}</Link> : displayOf(r, c.fieldApiName)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : data ? (
        <p className="cs-empty">No {summary.label.toLowerCase()} yet.</p>
      ) : null}
      {data?.nextPageToken || data?.previousPageToken ? (
        <nav className="cs-pager" aria-label={`Pages of ${summary.label}`}>
          <button type="button" disabled={!data.previousPageToken} onClick={() => setPageToken(data.previousPageToken ?? undefined)}>
            Previous page
          </button>
          <button type="button" disabled={!data.nextPageToken} onClick={() => setPageToken(data.nextPageToken ?? undefined)}>
            Next page
          </button>
        </nav>
      ) : null}
      {creating ? <NewRecord summary={summary} parent={parent} onClose={() => setCreating(false)} onCreated={() => void created()} /> : null}
    </section>
  );
}

interface Defaults {
  record: RecordRep;
  objectInfos: Record<string, { label: string; fields: Record<string, FieldInfo> }>;
}

interface CreateLayout {
  sections: { layoutRows: { layoutItems: { editableForNew: boolean; layoutComponents: { apiName: string | null; componentType: string }[] }[] }[] }[];
}

/**
 * The New form of a related list, as a modal dialog: the Full layout's fields in Create mode, with the create
 * defaults' initial values and the parent's field filled in.
 */
function NewRecord({ summary, parent, onClose, onCreated }: { summary: RelatedSummary; parent: RecordRep; onClose(): void; onCreated(): void }) {
  const snap = useRecordCreateDefaults({ objectApiName: summary.objectApiName });
  const layout = useLayout({ objectApiName: summary.objectApiName, layoutType: 'Full', mode: 'Create' }).data as CreateLayout | undefined;
  const { createRecord } = useRecordWrites();
  const [values, setValues] = useState<Record<string, string | boolean | null>>({});
  const [errors, setErrors] = useState<SaveErrors | null>(null);
  const [saving, setSaving] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal?.();
  }, []);
  const defaults = snap.data as Defaults | undefined;
  const info = defaults?.objectInfos[summary.objectApiName];
  const fieldNames = [
    ...new Set(
      (layout?.sections ?? []).flatMap((s) =>
        s.layoutRows.flatMap((r) => r.layoutItems.filter((i) => i.editableForNew).flatMap((i) => i.layoutComponents.filter((c) => c.componentType === 'Field' && c.apiName).map((c) => c.apiName as string))),
      ),
    ),
  ].filter((f) => f !== summary.fieldApiName && info?.fields[f]?.createable && ['String', 'Email', 'Phone', 'Url', 'Picklist', 'Boolean', 'TextArea'].includes(info.fields[f].dataType));
  const recordTypeId = defaults?.record.recordTypeId ?? '012000000000000AAA';
  const titleId = `cs-new-${summary.relatedListId}`;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setErrors(null);
    const fields: Record<string, string | boolean | null> = { [summary.fieldApiName]: parent.id };
    for (const f of fieldNames) {
      const v = values[f] ?? (defaults?.record.fields[f]?.value as string | boolean | null | undefined);
      if (v !== undefined && v !== null && v !== '') fields[f] = v;
    }
    try {
      await createRecord({ apiName: summary.objectApiName, fields });
      onCreated();
    } catch (err) {
      setErrors(saveErrors(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <dialog ref={dialog} className="cs-dialog" aria-labelledby={titleId} onCancel={onClose}>
      <h2 id={titleId}>New {summary.entityLabel}</h2>
      {snap.state === 'Error' ? <p role="alert">The form could not be loaded.</p> : null}
      {!defaults || !layout ? <p role="status">Loading the form…</p> : null}
      <form noValidate onSubmit={save}>
        {errors ? (
          <p className="cs-error" role="alert">
            {errors.message}
          </p>
        ) : null}
        {fieldNames.map((f) => {
          const field = info!.fields[f];
          const id = `${titleId}-${f}`;
          const fieldErrors = errors?.fields[f] ?? [];
          return (
            <div key={f} className="cs-form-row">
              <label htmlFor={id}>
                {field.label}
                {field.required ? <span aria-hidden="true"> *</span> : null}
              </label>
              <FieldInput
                id={id}
                field={field}
                objectApiName={summary.objectApiName}
                recordTypeId={recordTypeId}
                value={values[f] ?? defaults?.record.fields[f]?.value ?? null}
                controllingValue={field.controllerName ? (values[field.controllerName] ?? defaults?.record.fields[field.controllerName]?.value) : undefined}
                invalid={fieldErrors.length > 0}
                describedBy={fieldErrors.length ? `${id}-err` : undefined}
                onChange={(v) => setValues((s) => ({ ...s, [f]: v }))}
              />
              {fieldErrors.length ? (
                <p id={`${id}-err`} className="cs-error">
                  {fieldErrors.join(' ')}
                </p>
              ) : null}
            </div>
          );
        })}
        <div className="cs-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={saving || !defaults}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
