// New and Clone: a dialog that first asks for the record type when the object offers several, then shows the
// record form laid out by the object's Create layout and filled from the create template (or, for a clone, the
// clone template with the source's values of those fields). The picklists offered follow the chosen record type.

import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { getRecordTemplateClone, getRecordTemplateCreate, useLayout, useObjectInfo, useRecordWrites, useWire, type RecordRep } from '../data/records';
import { Dialog } from './Dialog';
import type { FieldInfo } from './fields';
import { RecordForm } from './RecordForm';
import { formFields, valuesOf, type FormLayout, type Values } from './recordForm';

const MASTER = '012000000000000AAA';

interface RecordTypeInfo {
  available: boolean;
  defaultRecordTypeMapping: boolean;
  master: boolean;
  name: string;
  recordTypeId: string;
}

interface ObjectInfo {
  label: string;
  fields: Record<string, FieldInfo>;
  recordTypeInfos?: Record<string, RecordTypeInfo>;
}

/** The record types a user chooses among: the available ones, the master only when it is the sole one. */
export function choosableRecordTypes(info: Pick<ObjectInfo, 'recordTypeInfos'> | undefined): RecordTypeInfo[] {
  const available = Object.values(info?.recordTypeInfos ?? {}).filter((r) => r.available);
  const own = available.filter((r) => !r.master);
  return own.length ? own : available;
}

interface Props {
  objectApiName: string;
  /** The record cloned (its record type is kept). */
  cloneOf?: RecordRep;
  /** Values set by the caller (a related list's parent). */
  fixed?: Values;
  onClose(): void;
  /** Called with the new record's id once it is saved. */
  onSaved(id: string): void;
}

export function NewRecordDialog({ objectApiName, cloneOf, fixed, onClose, onSaved }: Props) {
  const info = useObjectInfo({ objectApiName }).data as ObjectInfo | undefined;
  const types = choosableRecordTypes(info);
  const [chosen, setChosen] = useState<string | undefined>(cloneOf ? (cloneOf.recordTypeId ?? MASTER) : undefined);
  // Asked only when there is a choice; an object with no record types uses the master.
  const recordTypeId = chosen ?? (types.length > 1 ? undefined : (types[0]?.recordTypeId ?? MASTER));
  const verb = cloneOf ? 'Clone' : 'New';
  return (
    <Dialog title={`${verb} ${info?.label ?? objectApiName}`} onClose={onClose}>
      {!info ? <p role="status">Loading…</p> : null}
      {info && !recordTypeId ? <RecordTypeChooser types={types} onChoose={setChosen} onCancel={onClose} /> : null}
      {info && recordTypeId ? (
        <TemplateForm objectApiName={objectApiName} recordTypeId={recordTypeId} cloneOf={cloneOf} fixed={fixed} onClose={onClose} onSaved={onSaved} />
      ) : null}
    </Dialog>
  );
}

function RecordTypeChooser({ types, onChoose, onCancel }: { types: RecordTypeInfo[]; onChoose(id: string): void; onCancel(): void }) {
  const [pick, setPick] = useState(types.find((t) => t.defaultRecordTypeMapping)?.recordTypeId ?? types[0]?.recordTypeId);
  const next = (e: FormEvent) => {
    e.preventDefault();
    if (pick) onChoose(pick);
  };
  return (
    <form onSubmit={next}>
      <fieldset className="cs-form-section">
        <legend>Select a record type</legend>
        {types.map((t) => (
          <label key={t.recordTypeId} className="cs-radio">
            <input type="radio" name="recordType" value={t.recordTypeId} checked={pick === t.recordTypeId} onChange={() => setPick(t.recordTypeId)} />
            {t.name}
          </label>
        ))}
      </fieldset>
      <div className="cs-actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit">Next</button>
      </div>
    </form>
  );
}

interface Template {
  record: RecordRep;
  objectInfos: Record<string, { fields: Record<string, FieldInfo> }>;
}

function TemplateForm({ objectApiName, recordTypeId, cloneOf, fixed, onClose, onSaved }: Omit<Props, 'objectApiName'> & { objectApiName: string; recordTypeId: string }) {
  const { createRecord } = useRecordWrites();
  const layoutSnap = useLayout({ objectApiName, layoutType: 'Full', mode: 'Create', recordTypeId });
  const layout = layoutSnap.data as FormLayout | undefined;
  const created = useWire(getRecordTemplateCreate, cloneOf ? undefined : { objectApiName, recordTypeId });
  const info = useObjectInfo({ objectApiName }).data as ObjectInfo | undefined;
  // A clone asks for the values of the fields the form shows.
  const cloneFields = layout && info ? formFields(layout, 'Create', info.fields).map((f) => `${objectApiName}.${f}`) : undefined;
  const cloned = useWire(getRecordTemplateClone, cloneOf && cloneFields ? { recordId: cloneOf.id, recordTypeId, optionalFields: cloneFields } : undefined);
  const template = (cloneOf ? cloned : created).data as Template | undefined;
  const failed = layoutSnap.state === 'Error' || (cloneOf ? cloned : created).state === 'Error';

  if (failed) return <p role="alert">The form could not be loaded.</p>;
  if (!layout || !template) return <p role="status">Loading the form…</p>;
  const fields = template.objectInfos[objectApiName]?.fields ?? info?.fields ?? {};
  return (
    <RecordForm
      idPrefix={`cs-new-${objectApiName}`}
      objectApiName={objectApiName}
      recordTypeId={recordTypeId}
      mode="Create"
      layout={layout}
      fields={fields}
      initial={valuesOf(template.record.fields)}
      fixed={fixed}
      checkDuplicates
      save={async (values, allowSaveOnDuplicate) => {
        const rec = await createRecord({ apiName: objectApiName, fields: { ...values, ...(recordTypeId !== MASTER ? { RecordTypeId: recordTypeId } : {}) }, allowSaveOnDuplicate });
        if (rec) onSaved(rec.id);
        else onClose();
      }}
      onCancel={onClose}
    />
  );
}

/** The object home's New: shown when the user may create the object's records; the new record opens once saved. */
export function NewButton({ objectApiName }: { objectApiName: string }) {
  const info = useObjectInfo({ objectApiName }).data as (ObjectInfo & { createable?: boolean }) | undefined;
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  if (!info?.createable) return null;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        New<span className="cs-sr"> {info.label}</span>
      </button>
      {open ? <NewRecordDialog objectApiName={objectApiName} onClose={() => setOpen(false)} onSaved={(id) => navigate(`/console/r/${objectApiName}/${id}`)} /> : null}
    </>
  );
}
