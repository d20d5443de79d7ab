// The one record form of the console, for New (object home, related lists), Clone, Edit and quick actions: a
// layout's editable fields in its sections, values that start from the caller's defaults, dependent picklists that
// follow their controlling field, field errors from the API's error body, and duplicate warnings on save.

import { useState, type FormEvent } from 'react';
import { useDataLayer } from '../data/records';
import { DuplicateAlert, predupeMatches, refusedMatches, type DuplicateMatches } from './Duplicates';
import { FieldInput, usePicklists, type FieldInfo } from './fields';
import { formFields, layoutLabels, sectionFields, valuesToSave, withChange, type FormLayout, type FormMode, type Values } from './recordForm';
import { saveErrors, type SaveErrors } from './shared';

export interface RecordFormProps {
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  objectApiName: string;
  recordTypeId: string;
  mode: FormMode;
  layout: FormLayout;
  fields: Record<string, FieldInfo>;
  /** Starting values: template or action defaults, or the record being edited. */
  initial: Values;
  /** Values always sent on create although the layout may not show them (the parent of a related list's New). */
  fixed?: Values;
  /** Ask predupe before saving a new record, so that an Allow rule's match is shown before it is saved. */
  checkDuplicates?: boolean;
  submitLabel?: string;
  /** Writes the values; rejects with the API's error. */
  save(fields: Values, allowSaveOnDuplicate: boolean): Promise<void>;
  onCancel(): void;
}

export function RecordForm(props: RecordFormProps) {
  const { idPrefix, objectApiName, recordTypeId, mode, layout, fields, initial, fixed = {}, checkDuplicates, save, onCancel } = props;
  const layer = useDataLayer();
  const picklists = usePicklists(objectApiName, recordTypeId);
  const [values, setValues] = useState<Values>(() => ({ ...initial, ...fixed }));
  const [errors, setErrors] = useState<SaveErrors | null>(null);
  const [matches, setMatches] = useState<DuplicateMatches | null>(null);
  const [saving, setSaving] = useState(false);
  const names = formFields(layout, mode, fields);
  const labels = layoutLabels(layout);

  const submit = async (allowSaveOnDuplicate: boolean) => {
    setSaving(true);
    setErrors(null);
    setMatches(null);
    const out = { ...valuesToSave(values, names, mode, initial), ...(mode === 'Create' ? fixed : {}) };
    try {
      if (checkDuplicates && mode === 'Create' && !allowSaveOnDuplicate) {
        const found = predupeMatches(await layer.send({ method: 'POST', path: 'predupe', body: { apiName: objectApiName, fields: out } }));
        if (found) {
          setMatches(found);
          return;
        }
      }
      await save(out, allowSaveOnDuplicate);
    } catch (err) {
      const refused = refusedMatches(err);
      if (refused) setMatches(refused);
      else setErrors(saveErrors(err));
    } finally {
      setSaving(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(false);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="cs-form">
      {errors ? (
        <p className="cs-error" role="alert">
          {errors.message}
        </p>
      ) : null}
      {layout.sections.map((s) => {
        const shown = sectionFields(s, mode, fields);
        if (!shown.length) return null;
        return (
          <fieldset key={s.id} className="cs-form-section">
            {s.useHeading && s.heading ? <legend>{s.heading}</legend> : <legend className="cs-sr">{s.heading || 'Fields'}</legend>}
            {shown.map((f) => {
              const field = { ...fields[f], label: labels[f] ?? fields[f].label };
              const id = `${idPrefix}-${f}`;
              const fieldErrors = errors?.fields[f] ?? [];
              return (
                <div key={f} className="cs-form-row">
                  {/* The asterisk is drawn by CSS: the input's required attribute tells assistive technology. */}
                  <label htmlFor={id} className={field.required ? 'cs-required' : undefined}>
                    {field.label}
                  </label>
                  <FieldInput
                    id={id}
                    field={field}
                    objectApiName={objectApiName}
                    recordTypeId={recordTypeId}
                    value={values[f] ?? null}
                    controllingValue={field.controllerName ? (values[field.controllerName] ?? null) : undefined}
                    invalid={fieldErrors.length > 0}
                    describedBy={fieldErrors.length ? `${id}-err` : undefined}
                    onChange={(v) => setValues((cur) => withChange(cur, f, v, fields, picklists))}
                  />
                  {fieldErrors.length ? (
                    <p id={`${id}-err`} className="cs-error">
                      {fieldErrors.join(' ')}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
        );
      })}
      {matches ? <DuplicateAlert matches={matches} saving={saving} onSaveAnyway={() => void submit(true)} /> : null}
      <div className="cs-actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" disabled={saving}>
          {saving ? 'Saving…' : (props.submitLabel ?? 'Save')}
        </button>
      </div>
    </form>
  );
}
