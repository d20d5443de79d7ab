// The record page's header buttons: the record's actions as the server lists them (actions/record/{id}). The
// standard Edit, Delete and Clone honour the object's updateable, deletable and createable; a Create quick action
// (New Contact, New Case on an account) opens the record form laid out by the action's layout and filled from its
// defaults, and is performed with perform-quick-action.

import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  getQuickActionDefaults,
  getQuickActionLayout,
  getRecordActions,
  useDataLayer,
  useLayout,
  useObjectInfo,
  useRecordWrites,
  useWire,
  type RecordRep,
} from '../data/records';
import { Dialog } from './Dialog';
import type { FieldInfo } from './fields';
import { NewRecordDialog } from './NewRecord';
import { RecordForm } from './RecordForm';
import { valuesOf, type FormLayout } from './recordForm';
import { saveErrors } from './shared';

interface Action {
  apiName: string;
  label: string;
  type: string;
  subtype: string | null;
  targetObject: string;
}

interface ObjectRights {
  label: string;
  createable: boolean;
  updateable: boolean;
  deletable: boolean;
  fields: Record<string, FieldInfo>;
}

/** Which standard buttons the object's rights allow. */
const STANDARD: Record<string, keyof Pick<ObjectRights, 'createable' | 'updateable' | 'deletable'>> = {
  Edit: 'updateable',
  Delete: 'deletable',
  Clone: 'createable',
};

/** The header buttons a user gets: standard buttons their rights allow, and Create quick actions. */
export function usableActions(actions: Action[], rights: Pick<ObjectRights, 'createable' | 'updateable' | 'deletable'>): Action[] {
  return actions.filter((a) => (a.type === 'StandardButton' ? STANDARD[a.apiName] && rights[STANDARD[a.apiName]] : a.type === 'QuickAction' && a.subtype === 'Create'));
}

export function RecordActions({ record }: { record: RecordRep }) {
  const snap = useWire(getRecordActions, { recordIds: [record.id], sections: ['Page'] });
  const info = useObjectInfo({ objectApiName: record.apiName }).data as ObjectRights | undefined;
  const [open, setOpen] = useState<Action | null>(null);
  const [done, setDone] = useState<{ message: string; id: string; apiName: string } | null>(null);
  const navigate = useNavigate();
  const all = (snap.data as { actions?: Record<string, { actions: Action[] }> } | undefined)?.actions?.[record.id]?.actions ?? [];
  const actions = info ? usableActions(all, info) : [];
  const close = () => setOpen(null);
  const goTo = (apiName: string, id: string) => navigate(`/console/r/${apiName}/${id}`);

  return (
    <>
      <div className="cs-record-actions" role="group" aria-label="Record actions">
        {snap.state === 'Error' ? <p role="alert">The actions could not be loaded.</p> : null}
        {actions.map((a) => (
          <button
            key={a.apiName}
            type="button"
            onClick={() => {
              setDone(null);
              setOpen(a);
            }}
          >
            {a.label}
          </button>
        ))}
      </div>
      {done ? (
        <p role="status" className="cs-done">
          {done.message} <Link to={`/console/r/${done.apiName}/${done.id}`}>Open it</Link>
        </p>
      ) : null}
      {open?.apiName === 'Edit' && info ? <EditDialog record={record} info={info} onClose={close} /> : null}
      {open?.apiName === 'Delete' && info ? (
        <DeleteDialog record={record} label={info.label} onClose={close} onDeleted={() => navigate(`/console/o/${record.apiName}`)} />
      ) : null}
      {open?.apiName === 'Clone' ? <NewRecordDialog objectApiName={record.apiName} cloneOf={record} onClose={close} onSaved={(id) => goTo(record.apiName, id)} /> : null}
      {open?.type === 'QuickAction' ? (
        <QuickActionDialog
          action={open}
          record={record}
          onClose={close}
          onDone={(message, id) => {
            close();
            setDone({ message, id, apiName: open.targetObject });
          }}
        />
      ) : null}
    </>
  );
}

function EditDialog({ record, info, onClose }: { record: RecordRep; info: ObjectRights; onClose(): void }) {
  const recordTypeId = record.recordTypeId ?? '012000000000000AAA';
  const snap = useLayout({ objectApiName: record.apiName, layoutType: 'Full', mode: 'Edit', recordTypeId });
  const { updateRecord } = useRecordWrites();
  const layout = snap.data as FormLayout | undefined;
  return (
    <Dialog title={`Edit ${info.label}`} onClose={onClose}>
      {snap.state === 'Error' ? <p role="alert">The form could not be loaded.</p> : null}
      {layout ? (
        <RecordForm
          idPrefix={`cs-edit-${record.id}`}
          objectApiName={record.apiName}
          recordTypeId={recordTypeId}
          mode="Edit"
          layout={layout}
          fields={info.fields}
          initial={valuesOf(record.fields)}
          save={async (fields, allowSaveOnDuplicate) => {
            if (Object.keys(fields).length) await updateRecord({ fields: { Id: record.id, ...fields }, allowSaveOnDuplicate });
            onClose();
          }}
          onCancel={onClose}
        />
      ) : (
        <p role="status">Loading the form…</p>
      )}
    </Dialog>
  );
}

function DeleteDialog({ record, label, onClose, onDeleted }: { record: RecordRep; label: string; onClose(): void; onDeleted(): void }) {
  const { deleteRecord } = useRecordWrites();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    setError('');
    try {
      await deleteRecord(record.id);
      onDeleted();
    } catch (err) {
      setError(saveErrors(err).message);
      setBusy(false);
    }
  };
  return (
    <Dialog title={`Delete ${label}`} onClose={onClose}>
      <p>Are you sure you want to delete this {label.toLowerCase()}?</p>
      {error ? (
        <p className="cs-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="cs-actions">
        <button type="button" onClick={onClose} autoFocus>
          Cancel
        </button>
        <button type="button" className="cs-danger" onClick={() => void remove()} disabled={busy}>
          {busy ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </Dialog>
  );
}

interface Performed {
  id: string;
  successMessage: string;
}

function QuickActionDialog({ action, record, onClose, onDone }: { action: Action; record: RecordRep; onClose(): void; onDone(message: string, id: string): void }) {
  const layer = useDataLayer();
  const layoutSnap = useWire(getQuickActionLayout, { actionApiName: action.apiName });
  const defaultsSnap = useWire(getQuickActionDefaults, { actionApiName: action.apiName, parentRecordId: record.id });
  const info = useObjectInfo({ objectApiName: action.targetObject }).data as ObjectRights | undefined;
  const layout = (layoutSnap.data as { layout?: FormLayout & { recordTypeId?: string } } | undefined)?.layout;
  const defaults = defaultsSnap.data as { fields?: Record<string, { value: unknown }> } | undefined;
  const failed = layoutSnap.state === 'Error' || defaultsSnap.state === 'Error';

  const perform = async (fields: Record<string, unknown>, allowSaveOnDuplicate: boolean) => {
    const out = (await layer.send({
      method: 'POST',
      path: `actions/perform-quick-action/${encodeURIComponent(action.apiName)}`,
      body: { contextId: record.id, fields, allowSaveOnDuplicate },
    })) as Performed;
    // The parent's related lists now hold one more record: their cached pages are dropped and read again.
    layer.store.evictEntries((k) => (k.startsWith('getRelatedListRecords:') || k.startsWith('getRelatedListCount:')) && k.includes(record.id));
    onDone(out.successMessage, out.id);
  };

  return (
    <Dialog title={action.label} onClose={onClose}>
      {failed ? <p role="alert">The form could not be loaded.</p> : null}
      {layout && defaults && info ? (
        <RecordForm
          idPrefix={`cs-qa-${action.apiName.replace(/\W/g, '-')}`}
          objectApiName={action.targetObject}
          recordTypeId={layout.recordTypeId ?? '012000000000000AAA'}
          mode="Create"
          layout={layout}
          fields={info.fields}
          initial={valuesOf(defaults.fields)}
          checkDuplicates
          save={perform}
          onCancel={onClose}
        />
      ) : !failed ? (
        <p role="status">Loading the form…</p>
      ) : null}
    </Dialog>
  );
}
