// A record page laid out by its Full layout: header actions (Actions.tsx), sections (collapse saved as layout user
// state), fields in view mode with inline edit (errors per field from the API's error body), then the object's
// related lists.

import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { getRecordUi, useRecordUi, useRecordWrites, type RecordRep } from '../data/records';
import { RecordActions } from './Actions';
import { RecordAvatarOf } from './Avatar';
import { FieldInput, type FieldInfo, type FormValue } from './fields';
import { RelatedLists } from './RelatedLists';
import { displayOf, nameOf, saveErrors, useWriteThenRefresh, type SaveErrors } from './shared';

interface LayoutItem {
  label: string;
  editableForUpdate: boolean;
  layoutComponents: { apiName: string | null; componentType: string }[];
}

interface Section {
  id: string;
  heading: string;
  collapsible: boolean;
  useHeading: boolean;
  layoutRows: { layoutItems: LayoutItem[] }[];
}

interface Layout {
  id: string;
  sections: Section[];
}

interface RecordUi {
  records: Record<string, RecordRep>;
  layouts: Record<string, Record<string, { Full?: { View?: Layout } }>>;
  objectInfos: Record<string, { label: string; nameFields?: string[]; fields: Record<string, FieldInfo> }>;
  layoutUserStates: Record<string, { sectionUserStates: Record<string, { collapsed: boolean }> }>;
}

export function RecordPage() {
  const { objectApiName = '', recordId = '' } = useParams();
  const config = { recordIds: [recordId], layoutTypes: ['Full'], modes: ['View'] };
  const snap = useRecordUi(config);
  const write = useWriteThenRefresh();
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});
  const [stateError, setStateError] = useState('');
  const ui = snap.data as RecordUi | undefined;
  const { markRecordViewed } = useRecordWrites();
  useEffect(() => {
    // Opening the page puts the record first in Recently Viewed; a failure there is not the user's to see.
    markRecordViewed({ recordId, objectApiName }).catch(() => undefined);
  }, [markRecordViewed, recordId, objectApiName]);

  if (snap.state === 'Error') {
    return (
      <>
        <h1>Record</h1>
        <p role="alert">{snap.error?.status === 404 ? 'This record does not exist or you cannot see it.' : 'The record could not be loaded.'}</p>
      </>
    );
  }
  const record = ui?.records[recordId];
  const info = ui?.objectInfos[record?.apiName ?? objectApiName];
  const layout = record ? Object.values(ui?.layouts[record.apiName] ?? {})[0]?.Full?.View : undefined;
  if (!record || !info || !layout) return <p role="status">Loading the record…</p>;

  const recordTypeId = record.recordTypeId ?? '012000000000000AAA';
  const userState = ui?.layoutUserStates[layout.id]?.sectionUserStates ?? {};
  const isCollapsed = (s: Section) => s.collapsible && (collapsed[s.id] ?? userState[s.id]?.collapsed ?? false);

  const toggle = async (s: Section) => {
    const next = !isCollapsed(s);
    setCollapsed((c) => ({ ...c, [s.id]: next }));
    setStateError('');
    try {
      await write(
        {
          method: 'PATCH',
          path: `layout/${encodeURIComponent(record.apiName)}/user-state`,
          query: { layoutType: 'Full', mode: 'View', recordTypeId },
          body: { sectionUserStates: { [s.id]: { id: s.id, collapsed: next } } },
        },
        [[getRecordUi, config]],
      );
    } catch {
      setStateError('The section state could not be saved.');
    }
  };

  return (
    <article className="cs-record">
      <p className="cs-object">{info.label}</p>
      <h1 className="cs-title">
        <RecordAvatarOf recordId={record.id} />
        {nameOf(record, info.nameFields)}
      </h1>
      <RecordActions record={record} />
      {stateError ? <p role="alert">{stateError}</p> : null}
      {layout.sections.map((s) => {
        const open = !isCollapsed(s);
        const bodyId = `cs-sec-${s.id}`;
        return (
          <section key={s.id} className="cs-section" aria-labelledby={`${bodyId}-h`}>
            {s.useHeading || s.collapsible ? (
              <h2 id={`${bodyId}-h`}>
                {s.collapsible ? (
                  <button type="button" aria-expanded={open} aria-controls={bodyId} onClick={() => void toggle(s)}>
                    <span aria-hidden="true">{open ? '▾ ' : '▸ '}</span>
                    {s.heading}
                  </button>
                ) : (
                  s.heading
                )}
              </h2>
            ) : null}
            <div id={bodyId} hidden={!open}>
              <dl className="cs-fields">
                {s.layoutRows.flatMap((r) => r.layoutItems).map((item, i) => (
                  <Field key={`${item.label}-${i}`} item={item} record={record} info={info.fields} recordTypeId={recordTypeId} />
                ))}
              </dl>
            </div>
          </section>
        );
      })}
      <RelatedLists parent={record} recordTypeId={recordTypeId} />
    </article>
  );
}

function Field({ item, record, info, recordTypeId }: { item: LayoutItem; record: RecordRep; info: Record<string, FieldInfo>; recordTypeId: string }) {
  const { updateRecord } = useRecordWrites();
  const fields = item.layoutComponents.filter((c) => c.componentType === 'Field' && c.apiName).map((c) => c.apiName as string);
  const only = fields.length === 1 ? info[fields[0]] : undefined;
  const editable = item.editableForUpdate && only?.updateable === true;
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<FormValue>(null);
  const [errors, setErrors] = useState<SaveErrors | null>(null);
  const [saving, setSaving] = useState(false);
  if (!item.label && !fields.length) return null;
  const shown = fields.map((f) => shownValue(record, info[f], f)).filter(Boolean).join(', ');
  const inputId = `cs-f-${only?.apiName}`;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!only) return;
    setSaving(true);
    setErrors(null);
    try {
      await updateRecord({ fields: { Id: record.id, [only.apiName]: value } });
      setEditing(false);
    } catch (err) {
      setErrors(saveErrors(err));
    } finally {
      setSaving(false);
    }
  };

  if (editing && only) {
    const fieldErrors = errors?.fields[only.apiName] ?? [];
    return (
      <div className="cs-field cs-field--edit">
        <dt>
          <label htmlFor={inputId}>{item.label}</label>
        </dt>
        <dd>
          <form noValidate onSubmit={save} onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}>
            <FieldInput
              id={inputId}
              field={only}
              objectApiName={record.apiName}
              recordTypeId={recordTypeId}
              value={value}
              controllingValue={only.controllerName ? record.fields[only.controllerName]?.value : undefined}
              invalid={fieldErrors.length > 0}
              describedBy={errors ? `${inputId}-err` : undefined}
              onChange={setValue}
            />
            {errors ? (
              <p id={`${inputId}-err`} className="cs-error" role="alert">
                {fieldErrors.length ? fieldErrors.join(' ') : errors.message}
              </p>
            ) : null}
            <button type="submit" disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </button>
            <button type="button" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </form>
        </dd>
      </div>
    );
  }
  return (
    <div className="cs-field">
      <dt>{item.label}</dt>
      <dd>
        <span>{shown}</span>
        {editable ? (
          <button
            type="button"
            className="cs-edit"
            aria-label={`Edit ${item.label}`}
            onClick={() => {
              setValue((record.fields[only.apiName]?.value as FormValue) ?? null);
              setErrors(null);
              setEditing(true);
            }}
          >
            ✎
          </button>
        ) : null}
      </dd>
    </div>
  );
}

/**
 * What a field shows: a lookup shows the name of the record it points at, which a record read by layout carries
 * (OwnerId brings Owner, displayed by its name); any other field its display value.
 */
function shownValue(record: RecordRep, field: FieldInfo | undefined, name: string): string {
  const parent = field?.relationshipName ? record.fields[field.relationshipName] : undefined;
  if (parent?.value && typeof parent.value === 'object') return parent.displayValue ?? displayOf(record, name);
  return displayOf(record, name);
}
