// The record form's rules, apart from React: which layout fields it shows, how a change ripples to dependent
// picklists, and which values a save sends.

import { allowedValues, type FieldInfo, type FormValue, type PicklistFields } from './fields';

export type FormMode = 'Create' | 'Edit';
export type Values = Record<string, FormValue>;

export interface FormLayoutItem {
  label: string;
  editableForNew: boolean;
  editableForUpdate: boolean;
  layoutComponents: { apiName: string | null; componentType: string }[];
}

export interface FormLayout {
  sections: { id: string; heading: string; useHeading: boolean; layoutRows: { layoutItems: FormLayoutItem[] }[] }[];
}

/** A layout section's fields the user may set in this mode: editable there and createable (or updateable) for them. */
export function sectionFields(section: FormLayout['sections'][number], mode: FormMode, fields: Record<string, FieldInfo>): string[] {
  const right = mode === 'Create' ? 'createable' : 'updateable';
  const names = section.layoutRows
    .flatMap((r) => r.layoutItems)
    .filter((i) => (mode === 'Create' ? i.editableForNew : i.editableForUpdate))
    .flatMap((i) => i.layoutComponents.filter((c) => c.componentType === 'Field' && c.apiName).map((c) => c.apiName as string));
  return [...new Set(names)].filter((f) => fields[f]?.[right] === true && fields[f].dataType !== 'Address');
}

/** Every field the form shows, in layout order. */
export function formFields(layout: FormLayout, mode: FormMode, fields: Record<string, FieldInfo>): string[] {
  return [...new Set(layout.sections.flatMap((s) => sectionFields(s, mode, fields)))];
}

/**
 * The label a layout gives each of its single-field items ('Account Name' for AccountId, not the field's 'Account
 * ID'). A label several items share (the five parts of 'Mailing Address') names none of them: each keeps its own.
 */
export function layoutLabels(layout: FormLayout): Record<string, string> {
  const items = layout.sections.flatMap((s) => s.layoutRows.flatMap((r) => r.layoutItems));
  const uses = new Map<string, number>();
  for (const item of items) uses.set(item.label, (uses.get(item.label) ?? 0) + 1);
  const out: Record<string, string> = {};
  for (const item of items) {
    const fields = item.layoutComponents.filter((c) => c.componentType === 'Field' && c.apiName);
    if (fields.length === 1 && item.label && uses.get(item.label) === 1) out[fields[0].apiName as string] = item.label;
  }
  return out;
}

/**
 * The values after the user set `name` to `value`: every picklist controlled by it whose value is no longer valid
 * for the new controlling value is cleared, and so on down a chain of dependencies.
 */
export function withChange(values: Values, name: string, value: FormValue, fields: Record<string, FieldInfo>, picklists: PicklistFields | undefined): Values {
  const next = { ...values, [name]: value };
  for (const dep of Object.values(fields)) {
    if (dep.controllerName !== name || next[dep.apiName] == null || next[dep.apiName] === '') continue;
    const valid = allowedValues(picklists?.[dep.apiName], value ?? '').some((v) => v.value === next[dep.apiName]);
    if (!valid) Object.assign(next, withChange(next, dep.apiName, null, fields, picklists));
  }
  return next;
}

/**
 * What a save sends: for a new record the fields given a value (blank ones are left to the server's defaults); for
 * an edit the fields whose value changed.
 */
export function valuesToSave(values: Values, names: string[], mode: FormMode, initial: Values): Values {
  const out: Values = {};
  for (const f of names) {
    const v = values[f] ?? null;
    const blank = v === null || v === '';
    if (mode === 'Create' ? !blank : v !== (initial[f] ?? null) && !(blank && (initial[f] ?? '') === '')) out[f] = blank ? null : v;
  }
  return out;
}

/** The values of a record, template or defaults answer ({Field: {value}}), as the form holds them. */
export function valuesOf(fields: Record<string, { value: unknown }> | undefined): Values {
  const out: Values = {};
  for (const [k, f] of Object.entries(fields ?? {})) {
    const v = f?.value;
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v as FormValue;
  }
  return out;
}
