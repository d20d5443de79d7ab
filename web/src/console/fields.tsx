// One field's input, for inline edit and for the New form: a picklist offers the values of the record's record type,
// and a dependent picklist only those valid for its controlling field's current value.

import { usePicklistValuesByRecordType } from '../data/records';

export interface FieldInfo {
  apiName: string;
  label: string;
  dataType: string;
  controllerName?: string | null;
  updateable?: boolean;
  createable?: boolean;
  required?: boolean;
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

/** The values a picklist offers, given its controlling field's value (all of them for an independent picklist). */
export function allowedValues(field: PicklistField | undefined, controllingValue: unknown): PicklistValue[] {
  if (!field) return [];
  if (!Object.keys(field.controllerValues ?? {}).length || controllingValue === undefined) return field.values;
  const index = field.controllerValues[String(controllingValue)];
  if (index === undefined) return [];
  return field.values.filter((v) => v.validFor.includes(index));
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
  onChange(value: string | boolean | null): void;
}

export function FieldInput({ id, field, objectApiName, recordTypeId, value, controllingValue, invalid, describedBy, onChange }: Props) {
  const common = { id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy, required: field.required };
  const picklists = usePicklistValuesByRecordType(field.dataType === 'Picklist' ? { objectApiName, recordTypeId } : undefined);
  if (field.dataType === 'Boolean') {
    return <input type="checkbox" {...common} required={false} checked={value === true} onChange={(e) => onChange(e.target.checked)} />;
  }
  if (field.dataType === 'Picklist') {
    const all = (picklists.data as { picklistFieldValues?: Record<string, PicklistField> } | undefined)?.picklistFieldValues;
    const options = allowedValues(all?.[field.apiName], field.controllerName ? controllingValue : undefined);
    return (
      <select {...common} value={value == null ? '' : String(value)} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">--None--</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  const type = field.dataType === 'Email' ? 'email' : field.dataType === 'Phone' ? 'tel' : field.dataType === 'Url' ? 'url' : 'text';
  return <input type={type} {...common} value={value == null ? '' : String(value)} onChange={(e) => onChange(e.target.value)} />;
}
