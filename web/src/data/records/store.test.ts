import { beforeEach, describe, expect, it } from 'vitest';
import { getListRecordsByName, getRecord, getRecordUi } from './adapters';
import { DataLayer } from './engine';
import { Store, type RecordRep } from './store';
import { ACC1, ACC2, CON1, USER1, jsonResponse, rec, uiApiServer, withFakeClock } from './testing';

let layer: DataLayer;

withFakeClock();
beforeEach(() => {
  layer = new DataLayer();
});

const LIST = { objectApiName: 'Account', listViewApiName: 'AllAccounts', fields: ['Account.Name'] };

function listPage(...records: RecordRep[]) {
  return { count: records.length, currentPageToken: '0', nextPageToken: null, pageSize: 50, records };
}

const fieldsOf = (r: RecordRep | undefined) => Object.fromEntries(Object.entries(r?.fields ?? {}).map(([k, f]) => [k, f.value]));

describe('records are normalised by id and field and merged across reads (issue 18 item 1; section 3)', () => {
  it('answers getRecord from the records a list brought in, without a request', async () => {
    const calls = uiApiServer((c) => (c.path.startsWith('list-records/') ? jsonResponse(listPage(rec(ACC1, { Id: ACC1, Name: 'Acme' }))) : undefined));
    await layer.get(getListRecordsByName, LIST);
    const s = await layer.get(getRecord, { recordId: ACC1, fields: ['Account.Name'] });
    expect([s.state, s.data?.fields.Name.value]).toEqual(['Fulfilled', 'Acme']);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST list-records/Account/AllAccounts']);
  });

  it('unions the fields of two reads of the same version', async () => {
    const calls = uiApiServer((c) => {
      const asked = (c.query.get('fields') ?? '').split(',');
      return jsonResponse(rec(ACC1, Object.fromEntries(asked.map((f) => [f.split('.')[1], `${f} value`]))));
    });
    await layer.get(getRecord, { recordId: ACC1, fields: ['Account.Name'] });
    await layer.get(getRecord, { recordId: ACC1, fields: ['Account.Phone'] });
    const both = await layer.get(getRecord, { recordId: ACC1, fields: ['Account.Name', 'Account.Phone'] });
    expect([both.state, fieldsOf(both.data)]).toEqual(['Fulfilled', { Name: 'Account.Name value', Phone: 'Account.Phone value' }]);
    expect(calls).toHaveLength(2);
  });

  it('stores nested records once, under their own id, and reads them through the parent', async () => {
    const contact = rec(CON1, { LastName: 'Lee', Account: rec(ACC1, { Name: 'Acme', Owner: rec(USER1, { Name: 'Ann' }, 1, 'User') }) }, 1, 'Contact');
    const calls = uiApiServer(() => jsonResponse(contact));
    const c = await layer.get(getRecord, { recordId: CON1, fields: ['Contact.LastName', 'Contact.Account.Name', 'Contact.Account.Owner.Name'] });
    expect(c.state).toBe('Fulfilled');
    const account = c.data?.fields.Account.value as RecordRep;
    expect([account.id, account.fields.Name.value, (account.fields.Owner.value as RecordRep).fields.Name.value]).toEqual([ACC1, 'Acme', 'Ann']);
    const owner = await layer.get(getRecord, { recordId: USER1, fields: ['User.Name'] });
    expect([owner.state, owner.data?.fields.Name.value]).toEqual(['Fulfilled', 'Ann']);
    expect(calls).toHaveLength(1);
  });

  it('shows a record changed by one read in every answer that holds it', async () => {
    let name = 'Acme';
    let version = 1;
    uiApiServer((c) => {
      if (c.path.startsWith('list-records/')) return jsonResponse(listPage(rec(ACC1, { Name: name }, version), rec(ACC2, { Name: 'Beta' })));
      if (c.path.startsWith('record-ui/')) return jsonResponse({ records: { [ACC1]: rec(ACC1, { Name: name }, version) }, layouts: {}, objectInfos: {}, layoutUserStates: {} });
      return jsonResponse(rec(ACC1, { Name: name }, version));
    });
    await layer.get(getListRecordsByName, LIST);
    await layer.get(getRecordUi, { recordIds: [ACC1], layoutTypes: ['Full'], modes: ['View'] });
    name = 'Acme Corp';
    version = 2;
    await layer.get(getRecord, { recordId: ACC1, fields: ['Account.Name'] }, { type: 'no-cache' });
    const list = layer.snapshot(getListRecordsByName, getListRecordsByName.validate(LIST));
    expect((list.data as { records: RecordRep[] }).records.map((r) => r.fields.Name.value)).toEqual(['Acme Corp', 'Beta']);
    const ui = layer.snapshot(getRecordUi, getRecordUi.validate({ recordIds: [ACC1], layoutTypes: ['Full'], modes: ['View'] }));
    expect((ui.data as { records: Record<string, RecordRep> }).records[ACC1].fields.Name.value).toBe('Acme Corp');
  });
});

describe('a newer weakEtag wins (issue 18 item 1)', () => {
  it('replaces the cached values with those of a newer copy', () => {
    const store = new Store();
    store.putRecord(rec(ACC1, { Name: 'Old' }, 1), 30_000, 0);
    expect(store.putRecord(rec(ACC1, { Name: 'New' }, 2), 30_000, 0)).toBe(true);
    expect(fieldsOf(store.readRecord(ACC1, ['Name'], []).data)).toEqual({ Name: 'New' });
  });

  it('ignores an older copy: answers holding it show the newer one', async () => {
    uiApiServer((c) => (c.path.startsWith('list-records/') ? jsonResponse(listPage(rec(ACC1, { Name: 'Old' }, 1))) : jsonResponse(rec(ACC1, { Name: 'New' }, 2))));
    await layer.get(getRecord, { recordId: ACC1, fields: ['Account.Name'] });
    const list = await layer.get(getListRecordsByName, LIST);
    expect((list.data as { records: RecordRep[] }).records[0].fields.Name.value).toBe('New');
    const s = await layer.get(getRecord, { recordId: ACC1, fields: ['Account.Name'] }, { type: 'only-if-cached' });
    expect([s.data?.weakEtag, s.data?.fields.Name.value]).toEqual([2, 'New']);
  });

  it('gives the reader of an older copy its own answer when the cache cannot answer it', async () => {
    uiApiServer((c) => (c.query.get('fields') === 'Account.Phone' ? jsonResponse(rec(ACC1, { Phone: '555' }, 1)) : jsonResponse(rec(ACC1, { Name: 'New' }, 2))));
    await layer.get(getRecord, { recordId: ACC1, fields: ['Account.Name'] });
    const s = await layer.get(getRecord, { recordId: ACC1, fields: ['Account.Phone'] });
    expect([s.state, s.data?.weakEtag, fieldsOf(s.data)]).toEqual(['Fulfilled', 1, { Phone: '555' }]);
    expect(fieldsOf(layer.store.readRecord(ACC1, [], []).data)).toEqual({ Name: 'New' });
  });
});

describe('a newer copy missing fields marks them for refetch (issue 18 item 1)', () => {
  it('drops the fields the newer copy lacks, so reads needing them are Unfulfilled', () => {
    const store = new Store();
    store.putRecord(rec(ACC1, { Name: 'Acme', Phone: '555' }, 1), 30_000, 0);
    store.putRecord(rec(ACC1, { Name: 'Acme 2' }, 2), 30_000, 0);
    const r = store.readRecord(ACC1, ['Name', 'Phone'], []);
    expect([r.missing, fieldsOf(r.data)]).toEqual([true, { Name: 'Acme 2' }]);
    expect(store.refetchFields(ACC1)).toEqual(['Account.Phone']);
  });

  it('asks for the marked fields with the next fetch of the record, and clears the mark when they come', async () => {
    let version = 1;
    const calls = uiApiServer((c) => {
      if (c.path.startsWith('list-records/')) return jsonResponse(listPage(rec(ACC1, { Name: 'Acme' }, version)));
      return jsonResponse(rec(ACC1, { Name: 'Acme', Phone: '555', Industry: 'Retail' }, version));
    });
    await layer.get(getRecord, { recordId: ACC1, fields: ['Account.Name', 'Account.Phone'] });
    version = 2;
    await layer.get(getListRecordsByName, LIST);
    const s = await layer.get(getRecord, { recordId: ACC1, fields: ['Account.Industry'] });
    expect(s.state).toBe('Fulfilled');
    const last = calls[calls.length - 1];
    expect([last.query.get('fields'), last.query.get('optionalFields')]).toEqual(['Account.Industry', 'Account.Phone']);
    expect(layer.store.refetchFields(ACC1)).toEqual([]);
    expect((await layer.get(getRecord, { recordId: ACC1, fields: ['Account.Phone'] }, { type: 'only-if-cached' })).state).toBe('Fulfilled');
  });

  it('makes a list holding the record Unfulfilled when the record lost a field the list showed', async () => {
    uiApiServer((c) => (c.path.startsWith('list-records/') ? jsonResponse(listPage(rec(ACC1, { Name: 'Acme' }, 1))) : jsonResponse(rec(ACC1, { Phone: '555' }, 2))));
    await layer.get(getListRecordsByName, LIST);
    await layer.get(getRecord, { recordId: ACC1, fields: ['Account.Phone'] });
    expect(layer.snapshot(getListRecordsByName, getListRecordsByName.validate(LIST)).state).toBe('Unfulfilled');
  });
});

describe('optionalFields the server leaves out count as known (glossary: fields and optionalFields)', () => {
  it('does not ask again for an inaccessible optional field', async () => {
    const calls = uiApiServer(() => jsonResponse(rec(ACC1, { Name: 'Acme' })));
    const ask = { recordId: ACC1, fields: ['Account.Name'], optionalFields: ['Account.Secret__c'] };
    await layer.get(getRecord, ask);
    const s = await layer.get(getRecord, ask);
    expect([s.state, fieldsOf(s.data)]).toEqual(['Fulfilled', { Name: 'Acme' }]);
    expect(calls).toHaveLength(1);
  });

  it('still treats a required field that was never fetched as missing', () => {
    const store = new Store();
    store.putRecord(rec(ACC1, { Name: 'Acme' }), 30_000, 0);
    store.markAbsent(ACC1, ['Secret__c']);
    expect(store.readRecord(ACC1, [], ['Secret__c']).missing).toBe(false);
    expect(store.readRecord(ACC1, ['Phone'], []).missing).toBe(true);
  });
});
