import { describe, expect, it } from 'vitest';
import { usableActions } from './Actions';
import { predupeMatches, refusedMatches } from './Duplicates';
import type { FieldInfo, PicklistFields } from './fields';
import { moveActive } from './Lookup';
import { choosableRecordTypes } from './NewRecord';
import { formFields, layoutLabels, valuesOf, valuesToSave, withChange, type FormLayout } from './recordForm';

const field = (apiName: string, more: Partial<FieldInfo> = {}): FieldInfo => ({
  apiName,
  label: apiName,
  dataType: 'String',
  createable: true,
  updateable: true,
  ...more,
});

const fields: Record<string, FieldInfo> = {
  Subject: field('Subject'),
  CaseNumber: field('CaseNumber', { createable: false, updateable: false }),
  Type: field('Type', { dataType: 'Picklist' }),
  Reason: field('Reason', { dataType: 'Picklist', controllerName: 'Type' }),
  Detail: field('Detail', { dataType: 'Picklist', controllerName: 'Reason' }),
  Street: field('Street'),
  City: field('City'),
  Locked: field('Locked', { updateable: false }),
};

const item = (label: string, ...apiNames: string[]) => ({
  label,
  editableForNew: true,
  editableForUpdate: true,
  layoutComponents: apiNames.map((apiName) => ({ apiName, componentType: 'Field' })),
});

const layout: FormLayout = {
  sections: [
    { id: 's1', heading: 'Case', useHeading: false, layoutRows: [{ layoutItems: [item('Case Number', 'CaseNumber'), item('Subject', 'Subject')] }] },
    {
      id: 's2',
      heading: 'More',
      useHeading: true,
      layoutRows: [
        { layoutItems: [item('Type', 'Type'), item('Case Reason', 'Reason'), item('Detail', 'Detail')] },
        { layoutItems: [item('Address', 'Street'), item('Address', 'City'), item('Locked', 'Locked'), item('Subject again', 'Subject')] },
      ],
    },
  ],
};

const picklists: PicklistFields = {
  Type: { controllerValues: {}, values: ['Question', 'Problem'].map((v) => ({ label: v, value: v, validFor: [] })) },
  Reason: {
    controllerValues: { Question: 0, Problem: 1 },
    values: [
      { label: 'Unclear', value: 'Unclear', validFor: [0] },
      { label: 'Breakdown', value: 'Breakdown', validFor: [1] },
      { label: 'Complex', value: 'Complex', validFor: [0, 1] },
    ],
  },
  Detail: {
    controllerValues: { Unclear: 0, Breakdown: 1, Complex: 2 },
    values: [
      { label: 'Manual', value: 'Manual', validFor: [0, 2] },
      { label: 'Motor', value: 'Motor', validFor: [1] },
    ],
  },
};

describe('formFields and layoutLabels', () => {
  it('shows the fields the mode lets the user set, once each, in layout order', () => {
    expect(formFields(layout, 'Create', fields)).toEqual(['Subject', 'Type', 'Reason', 'Detail', 'Street', 'City', 'Locked']);
    expect(formFields(layout, 'Edit', fields)).toEqual(['Subject', 'Type', 'Reason', 'Detail', 'Street', 'City']);
    const readOnlyOnCreate = { sections: [{ ...layout.sections[0], layoutRows: [{ layoutItems: [{ ...item('Subject', 'Subject'), editableForNew: false }] }] }] };
    expect(formFields(readOnlyOnCreate, 'Create', fields)).toEqual([]);
  });

  it("names a field by its layout item's label unless several items share it", () => {
    const labels = layoutLabels(layout);
    expect(labels.Reason).toBe('Case Reason');
    expect(labels.Street).toBeUndefined();
    expect(labels.City).toBeUndefined();
  });
});

describe('withChange', () => {
  it('keeps a dependent value its new controlling value allows', () => {
    expect(withChange({ Type: 'Question', Reason: 'Complex' }, 'Type', 'Problem', fields, picklists)).toEqual({ Type: 'Problem', Reason: 'Complex' });
  });

  it('clears a dependent value the new controlling value does not allow, and down the chain', () => {
    const before = { Type: 'Problem', Reason: 'Breakdown', Detail: 'Motor', Subject: 'x' };
    expect(withChange(before, 'Type', 'Question', fields, picklists)).toEqual({ Type: 'Question', Reason: null, Detail: null, Subject: 'x' });
    expect(withChange(before, 'Type', null, fields, picklists)).toEqual({ Type: null, Reason: null, Detail: null, Subject: 'x' });
  });

  it('leaves an empty dependent alone and changes nothing else', () => {
    const before = { Type: 'Problem', Reason: null };
    const after = withChange(before, 'Type', 'Question', fields, picklists);
    expect(after).toEqual({ Type: 'Question', Reason: null });
    expect(before).toEqual({ Type: 'Problem', Reason: null });
  });
});

describe('valuesToSave and valuesOf', () => {
  const names = ['Subject', 'Type', 'Reason'];
  it('sends the filled fields of a new record', () => {
    expect(valuesToSave({ Subject: 'Hi', Type: '', Reason: null, Other: 'no' }, names, 'Create', {})).toEqual({ Subject: 'Hi' });
  });

  it('sends the changed fields of an edit, a cleared one as null', () => {
    const initial = { Subject: 'Hi', Type: 'Problem', Reason: null };
    expect(valuesToSave({ Subject: 'Hi', Type: '', Reason: 'Breakdown' }, names, 'Edit', initial)).toEqual({ Type: null, Reason: 'Breakdown' });
    expect(valuesToSave({ ...initial, Reason: '' }, names, 'Edit', initial)).toEqual({});
  });

  it('reads the scalar values of an answer', () => {
    expect(valuesOf({ Name: { value: 'Acme' }, Count: { value: 3 }, Owner: { value: { id: 'x' } }, Gone: { value: null } })).toEqual({ Name: 'Acme', Count: 3, Gone: null });
  });
});

describe('duplicate matches', () => {
  it('reads the matches of predupe', () => {
    const body = { allowSave: true, matches: [{ objectApiName: 'Lead', recordIds: ['00Q1', '00Q2'] }, { objectApiName: 'Lead', recordIds: ['00Q2'] }] };
    expect(predupeMatches(body)).toEqual({ objectApiName: 'Lead', recordIds: ['00Q1', '00Q2'], allowSave: true });
    expect(predupeMatches({ allowSave: false, matches: [{ objectApiName: 'Lead', recordIds: ['00Q1'] }] })?.allowSave).toBe(false);
    expect(predupeMatches({ allowSave: true, matches: [] })).toBeNull();
  });

  it('reads the matches of a save a Block rule refused, and nothing of another error', () => {
    const match = { apiName: 'Lead', matchRecordIds: ['00Q1'], isAllowSave: false };
    const refused = { body: { output: { errors: [{ errorCode: 'DUPLICATES_DETECTED', duplicateRecordError: { matchResults: [match] } }] } } };
    expect(refusedMatches(refused)).toEqual({ objectApiName: 'Lead', recordIds: ['00Q1'], allowSave: false });
    expect(refusedMatches({ body: [{ errorCode: 'DUPLICATES_DETECTED', duplicateRecordError: { matchResults: [{ ...match, isAllowSave: true }] } }] })?.allowSave).toBe(true);
    expect(refusedMatches({ body: { output: { errors: [{ errorCode: 'REQUIRED_FIELD_MISSING' }] } } })).toBeNull();
    expect(refusedMatches(new Error('offline'))).toBeNull();
  });
});

describe('moveActive', () => {
  it('moves through the options with the arrows, wrapping, and jumps with Home and End', () => {
    expect(moveActive(-1, 'ArrowDown', 3)).toBe(0);
    expect(moveActive(0, 'ArrowDown', 3)).toBe(1);
    expect(moveActive(2, 'ArrowDown', 3)).toBe(0);
    expect(moveActive(-1, 'ArrowUp', 3)).toBe(2);
    expect(moveActive(1, 'ArrowUp', 3)).toBe(0);
    expect(moveActive(1, 'Home', 3)).toBe(0);
    expect(moveActive(1, 'End', 3)).toBe(2);
    expect(moveActive(1, 'a', 3)).toBeUndefined();
    expect(moveActive(-1, 'ArrowDown', 0)).toBeUndefined();
  });
});

describe('choosableRecordTypes', () => {
  const rt = (id: string, master: boolean, available = true) => ({ recordTypeId: id, name: id, master, available, defaultRecordTypeMapping: false });
  it('offers the available record types, the master only when it is alone', () => {
    expect(choosableRecordTypes({ recordTypeInfos: { m: rt('m', true) } }).map((r) => r.recordTypeId)).toEqual(['m']);
    expect(choosableRecordTypes({ recordTypeInfos: { m: rt('m', true), a: rt('a', false), b: rt('b', false, false), c: rt('c', false) } }).map((r) => r.recordTypeId)).toEqual(['a', 'c']);
  });
});

describe('usableActions', () => {
  const a = (apiName: string, type = 'StandardButton', subtype: string | null = null) => ({ apiName, label: apiName, type, subtype, targetObject: 'Case' });
  const all = [a('Edit'), a('Delete'), a('Clone'), a('Follow'), a('Account.NewCase', 'QuickAction', 'Create'), a('Case.LogCall', 'QuickAction', 'LogACall')];
  it('keeps the standard buttons the object rights allow and the Create quick actions', () => {
    expect(usableActions(all, { createable: true, updateable: true, deletable: true }).map((x) => x.apiName)).toEqual(['Edit', 'Delete', 'Clone', 'Account.NewCase']);
    expect(usableActions(all, { createable: false, updateable: true, deletable: false }).map((x) => x.apiName)).toEqual(['Edit', 'Account.NewCase']);
  });
});
