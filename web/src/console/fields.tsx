// One field's input, for inline edit and for the record form: a picklist offers the values of the record's record
// type, and a dependent picklist only those valid for its controlling field's current value; a reference field is a
// lookup combobox; numbers, dates and long text get their own inputs.

import { usePicklistValuesByRecordType } from '../data/records';
import { Lookup } from './Lookup';

export type FormValue = string | number | boolean | null;

export interface FieldInfo {
  apiName: string;
  label: string;
  dataType: string;
  controllerName?: string | null;
  updateable?: boolean;
  createable?: boolean;
  required?: boolean;
  /** A reference field's target objects and their name fields. */
  referenceToInfos?: { apiName: string; nameFields: string[] }[];
  /** A reference field's relationship (OwnerId: Owner), which a record read by layout carries with its name. */
  relationshipName?: string | null;
}

interface PicklistValue {
  label: string;
  value: string;
  validFor: number[];
}

interface PicklistField {
  controllerValues: Record<string, number>;
  values: PicklistValue[];
}

/** The answer of picklist-values/{recordTypeId}: every picklist of the object. */
export type PicklistFields = Record<string, PicklistField>;

/** The values a picklist offers, given its controlling field's value (all of them for an independent picklist). */
export function allowedValues(field: PicklistField | undefined, controllingValue: unknown): PicklistValue[] {
  if (!field) return [];
  if (!Object.keys(field.controllerValues ?? {}).length || controllingValue === undefined) return field.values;
  const index = field.controllerValues[String(controllingValue)];
  if (index === undefined) return [];
  return field.values.filter((v) => v.validFor.includes(index));
}

/** The object's picklists for a record type (undefined while loading; one cached read shared by every input). */
export function usePicklists(objectApiName: string, recordTypeId: string, wanted = true): PicklistFields | undefined {
  const snap = usePicklistValuesByRecordType(wanted ? { objectApiName, recordTypeId } : undefined);
  return (snap.data as { picklistFieldValues?: PicklistFields } | undefined)?.picklistFieldValues;
}

const NUMBERS = ['Currency', 'Double', 'Int', 'Percent'];
const TEXT_TYPES: Record<string, string> = { Email: 'email', Phone: 'tel', Url: 'url' };

/** A DateTime value ('2026-11-26T09:49:28.873Z') as a datetime-local input shows it, in local time. */
function localDateTime(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

interface Props {
  id: string;
  field: FieldInfo;
  objectApiName: string;
  recordTypeId: string;
  value: unknown;
  /** The controlling field's current value, for a dependent picklist. */
  controllingValue?: unknown;
  invalid?: boolean;
  describedBy?: string;
  onChange(value: FormValue): void;
}

export function FieldInput({ id, field, objectApiName, recordTypeId, value, controllingValue, invalid, describedBy, onChange }: Props) {
  const common = { id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy, required: field.required };
  const picklists = usePicklists(objectApiName, recordTypeId, field.dataType === 'Picklist');
  const text = value == null ? '' : String(value);
  switch (field.dataType) {
    case 'Boolean':
      return <input type="checkbox" {...common} required={false} checked={value === true} onChange={(e) => onChange(e.target.checked)} />;
    case 'Picklist': {
      const options = allowedValues(picklists?.[field.apiName], field.controllerName ? controllingValue : undefined);
      return (
        <select {...common} value={text} onChange={(e) => onChange(e.target.value || null)}>
          <option value="">--None--</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    }
    case 'Reference':
      return <Lookup {...common} field={field} objectApiName={objectApiName} value={typeof value === 'string' ? value : null} onChange={onChange} />;
    case 'TextArea':
      return <textarea {...common} rows={3} value={text} onChange={(e) => onChange(e.target.value)} />;
    case 'Date':
      return <input type="date" {...common} value={text} onChange={(e) => onChange(e.target.value || null)} />;
    case 'DateTime':
      return (
        <input
          type="datetime-local"
          {...common}
          value={localDateTime(value)}
          onChange={(e) => onChange(e.target.value ? new Date(e.target.value).toISOString() : null)}
        />
      );
    default:
      if (NUMBERS.includes(field.dataType)) {
        return (
          <input type="number" step="any" {...common} value={text} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))} />
        );
      }
      return <input type={TEXT_TYPES[field.dataType] ?? 'text'} {...common} value={text} onChange={(e) => onChange(e.target.value)} />;
  }
}
