import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as A from './adapters';
import { DataLayer, INVALID_CONFIG, type Adapter } from './engine';
import { LIFETIMES } from './lifetimes';
import { ACC1, ACC2, CON1, jsonResponse, rec, uiApiServer, withFakeClock } from './testing';
import { to18 } from './validate';

let layer: DataLayer;

withFakeClock();
beforeEach(() => {
  layer = new DataLayer();
});

const RT = '012000000000000AAA';
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe('cache lifetimes (section 9)', () => {
  it('holds the table of section 9', () => {
    expect(LIFETIMES).toMatchObject({
      record: 30_000,
      recordCollection: 2 * MIN,
      listInfo: 15 * MIN,
      listRecords: 30_000,
      listSummaries: 30 * DAY,
      objectInfo: 15 * MIN,
      picklistValues: 15 * MIN,
      actions: 5 * MIN,
      navItems: 2 * MIN,
      directoryEntries: 30 * DAY,
      duplicatesCheck: 30_000,
      relatedListRecords: 30_000,
      avatarBatch: 5 * MIN,
      avatarBatchError: 60 * MIN,
      recordAvatars: 60 * MIN,
      searchResults: 200,
      cloneTemplate: 1000,
      seoProperties: 60 * MIN,
      default: 30 * DAY,
    });
  });

  it.each<[string, Adapter<unknown, unknown>, object, number]>([
    ['object info', A.getObjectInfo, { objectApiName: 'Account' }, 15 * MIN],
    ['object info directory', A.getObjectInfoDirectory, {}, 30 * DAY],
    ['layout', A.getLayout, { objectApiName: 'Account', layoutType: 'Full', mode: 'View' }, 15 * MIN],
    ['layout user state', A.getLayoutUserState, { objectApiName: 'Account' }, 15 * MIN],
    ['picklist values', A.getPicklistValues, { recordTypeId: RT, fieldApiName: 'Account.Industry' }, 15 * MIN],
    ['list info', A.getListInfoByName, { objectApiName: 'Account', listViewApiName: 'AllAccounts' }, 15 * MIN],
    ['list records', A.getListRecordsByName, { objectApiName: 'Account', listViewApiName: 'AllAccounts' }, 30_000],
    ['list summaries', A.getListInfosByObjectName, { objectApiName: 'Account' }, 30 * DAY],
    ['list preferences', A.getListPreferences, { objectApiName: 'Account', listViewApiName: 'AllAccounts' }, 15 * MIN],
    ['related list records', A.getRelatedListRecords, { parentRecordId: ACC1, relatedListId: 'Contacts' }, 30_000],
    ['related list info', A.getRelatedListInfo, { parentObjectApiName: 'Account', relatedListId: 'Contacts' }, 15 * MIN],
    ['record defaults', A.getRecordCreateDefaults, { objectApiName: 'Account' }, 15 * MIN],
    ['clone template', A.getRecordTemplateClone, { recordId: ACC1 }, 1000],
    ['duplicates configuration', A.getDuplicateConfiguration, { objectApiName: 'Lead' }, 15 * MIN],
    ['actions', A.getRecordActions, { recordIds: [ACC1], sections: ['Page'] }, 5 * MIN],
    ['apps', A.getAllApps, { formFactor: 'Large' }, 5 * MIN],
    ['nav items', A.getNavItems, {}, 2 * MIN],
    ['lookup metadata', A.getLookupMetadata, { objectApiName: 'Contact', fieldApiName: 'AccountId' }, 30_000],
    ['keyword search', A.getKeywordSearchResults, { objectApiName: 'Account', searchTerm: 'acme' }, 200],
    ['avatar batch', A.getRecordAvatars, { recordIds: [ACC1] }, 5 * MIN],
  ])('%s is Fulfilled for %i ms, then Stale', async (_, adapter, config, ms) => {
    const calls = uiApiServer(() => jsonResponse({ ok: true }));
    await layer.get(adapter, config);
    vi.advanceTimersByTime(ms - 1);
    expect((await layer.get(adapter, config)).state).toBe('Fulfilled');
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(layer.snapshot(adapter, adapter.validate(config)).state).toBe('Stale');
  });

  it('ends an answer holding records when its first record expires (records live 30 s inside a 15 min record UI)', async () => {
    uiApiServer(() => jsonResponse({ records: { [ACC1]: rec(ACC1, { Name: 'Acme' }) }, layouts: {}, objectInfos: {} }));
    const config = { recordIds: ACC1, layoutTypes: 'Full', modes: 'View' };
    await layer.get(A.getRecordUi, config);
    vi.advanceTimersByTime(30_000);
    expect(layer.snapshot(A.getRecordUi, A.getRecordUi.validate(config)).state).toBe('Stale');
  });
});

describe('config checks of the other adapters (section 5)', () => {
  it.each<[string, Adapter<unknown, unknown>, unknown]>([
    ['record UI without modes', A.getRecordUi, { recordIds: [ACC1], layoutTypes: ['Full'] }],
    ['record UI with a form factor', A.getRecordUi, { recordIds: [ACC1], layoutTypes: ['Full'], modes: ['View'], formFactor: 'Large' }],
    ['record UI with a page size', A.getRecordUi, { recordIds: [ACC1], layoutTypes: ['Full'], modes: ['View'], pageSize: 5 }],
    ['record UI with updateMru', A.getRecordUi, { recordIds: [ACC1], layoutTypes: ['Full'], modes: ['View'], updateMru: true }],
    ['layout without a mode', A.getLayout, { objectApiName: 'Account', layoutType: 'Full' }],
    ['list UI with an object name alone', A.getListUi, { objectApiName: 'Account' }],
    ['list UI with neither name nor id', A.getListUi, { pageSize: 10 }],
    ['record actions without sections or apiNames', A.getRecordActions, { recordIds: [ACC1] }],
    ['related list records with fields as a string', A.getRelatedListRecords, { parentRecordId: ACC1, relatedListId: 'Contacts', fields: 'Contact.Name' }],
    ['related list records with a fractional page size', A.getRelatedListRecords, { parentRecordId: ACC1, relatedListId: 'Contacts', pageSize: 1.5 }],
    ['related list records with a where that is not a string', A.getRelatedListRecords, { parentRecordId: ACC1, relatedListId: 'Contacts', where: 3 }],
    ['related list records without a relatedListId', A.getRelatedListRecords, { parentRecordId: ACC1 }],
    ['picklist values of a field without its object', A.getPicklistValues, { recordTypeId: RT, fieldApiName: 'Industry' }],
    ['records whose every entry is dropped', A.getRecords, { records: [{ recordIds: [ACC1] }, { fields: ['Account.Name'] }] }],
    ['records with fields that are not a list', A.getRecords, { records: [{ recordIds: [ACC1], fields: 'Account.Name' }] }],
    ['object info without a name', A.getObjectInfo, {}],
  ])('%s answers INVALID_CONFIG and sends nothing', async (_, adapter, config) => {
    const calls = uiApiServer(() => jsonResponse({}));
    expect(await layer.get(adapter, config)).toEqual({ state: 'Error', error: INVALID_CONFIG });
    expect(calls).toHaveLength(0);
  });
});

describe('requests as section 7 lists them', () => {
  it.each<[string, Adapter<unknown, unknown>, unknown, string]>([
    ['getRecord', A.getRecord, { recordId: '001xx000003Gn4W', fields: ['Account.Name'], optionalFields: { objectApiName: 'Account', fieldApiName: 'Phone' } }, `GET records/${ACC1}?fields=Account.Name&optionalFields=Account.Phone`],
    ['getRecord by layout', A.getRecord, { recordId: ACC1, layoutTypes: 'Full', modes: ['View', 'Edit'] }, `GET records/${ACC1}?layoutTypes=Full&modes=View%2CEdit`],
    ['getObjectInfos', A.getObjectInfos, { objectApiNames: ['Account', 'Contact'] }, 'GET object-info/batch/Account,Contact'],
    ['getPicklistValues', A.getPicklistValues, { recordTypeId: RT, fieldApiName: { objectApiName: 'Account', fieldApiName: 'Industry' } }, `GET object-info/Account/picklist-values/${RT}/Industry`],
    ['getLayoutUserState defaults', A.getLayoutUserState, { objectApiName: 'Account' }, 'GET layout/Account/user-state?layoutType=Full&mode=View'],
    ['getListUi by names', A.getListUi, { objectApiName: 'Account', listViewApiName: 'AllAccounts', pageSize: 10, sortBy: ['Account.Name'] }, 'GET list-ui/Account/AllAccounts?pageSize=10&sortBy=Account.Name'],
    ['getListUi of the recent list', A.getListUi, { objectApiName: 'Account', listViewApiName: '__Recent' }, 'GET mru-list-ui/Account'],
    ['getListUi by id', A.getListUi, { listViewId: '00Bxx0000029GYqEAM' }, 'GET list-ui/00Bxx0000029GYqEAM'],
    ['getRecordUi', A.getRecordUi, { recordIds: [ACC1, ACC2], layoutTypes: 'Full', modes: 'View' }, `GET record-ui/${ACC1},${ACC2}?layoutTypes=Full&modes=View`],
    ['getRelatedListCount', A.getRelatedListCount, { parentRecordId: ACC1, relatedListId: 'Contacts', maxCount: 10 }, `GET related-list-count/${ACC1}/Contacts?maxCount=10`],
    ['getLookupRecords', A.getLookupRecords, { fieldApiName: 'Contact.AccountId', targetApiName: 'Account', requestParams: { q: 'ac', pageSize: 5 } }, 'GET lookups/Contact/AccountId/Account?q=ac&pageSize=5'],
  ])('%s', async (_, adapter, config, expected) => {
    const calls = uiApiServer(() => jsonResponse({}));
    await layer.get(adapter, config);
    expect(calls.map((c) => `${c.method} ${c.path}${c.query.size ? `?${c.query}` : ''}`)).toEqual([expected]);
  });

  it('sends list and related-list record reads as POST bodies', async () => {
    const calls = uiApiServer(() => jsonResponse({ records: [] }));
    await layer.get(A.getRelatedListRecords, { parentRecordId: ACC1, relatedListId: 'Contacts', fields: ['Contact.Name'], pageSize: 5, sortBy: ['-Contact.Name'], where: '{}' });
    await layer.get(A.getListRecordsByName, { objectApiName: 'Account', listViewApiName: 'AllAccounts', searchTerm: 'acme', pageToken: '50' });
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', `related-list-records/${ACC1}/Contacts`, { fields: ['Contact.Name'], pageSize: 5, sortBy: ['-Contact.Name'], where: '{}' }],
      ['POST', 'list-records/Account/AllAccounts', { pageToken: '50', searchTerm: 'acme' }],
    ]);
  });
});

describe('record ids of 15 characters become 18; other lengths are left alone (section 5)', () => {
  it.each([
    ['001xx000003Gn4W', ACC1],
    ['003xx000004TmiQ', CON1],
    ['001000000000000', '001000000000000AAA'],
    ['001ABCDEFGHIJKL', '001ABCDEFGHIJKLY55'],
    [ACC1, ACC1],
    ['abc', 'abc'],
  ])('%s -> %s', (id, want) => expect(to18(id)).toBe(want));
});

describe('getRecords batch results (sections 5 and 8)', () => {
  const batch = (results: unknown[]) => jsonResponse({ results });

  it('stores each 200, caches a 404 as a missing record, and remembers another status as that item\'s error for 30 s', async () => {
    const bad = [{ errorCode: 'INVALID_FIELD', message: 'no' }];
    const calls = uiApiServer(() =>
      batch([
        { statusCode: 200, result: rec(ACC1, { Name: 'Acme' }) },
        { statusCode: 404, result: [{ errorCode: 'NOT_FOUND', message: 'gone' }] },
        { statusCode: 400, result: bad },
      ]),
    );
    const C2 = '001xx000003Gn4YAAS';
    const config = { records: [{ recordIds: [ACC1, ACC2, C2], fields: ['Account.Name'] }, { recordIds: [ACC1] }] };
    const s = await layer.get(A.getRecords, config);
    expect(calls[0].path).toBe(`records/batch/${ACC1},${ACC2},${C2}`);
    expect(s.data?.results.map((r) => r.statusCode)).toEqual([200, 404, 400]);
    expect(s.data?.results[2].result).toEqual(bad);
    // The 404 answers a later getRecord of that record without a request; the others are cached too.
    expect((await layer.get(A.getRecord, { recordId: ACC2, fields: ['Account.Name'] })).error?.status).toBe(404);
    expect((await layer.get(A.getRecords, config)).data?.results.map((r) => r.statusCode)).toEqual([200, 404, 400]);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(30_000);
    await layer.get(A.getRecords, config);
    expect(calls).toHaveLength(2);
  });

  it('answers a batch-level 404 as an error', async () => {
    uiApiServer(() => undefined);
    const s = await layer.get(A.getRecords, { records: [{ recordIds: ACC1, optionalFields: ['Account.Name'] }] });
    expect([s.state, s.error?.status]).toEqual(['Error', 404]);
  });
});

describe('the most-recently-used list (section 4)', () => {
  const MRU = (pageToken?: string) => ({ objectApiName: 'Account', listViewApiName: '__Recent', pageToken });
  const page = (etag: string, sortBy: unknown = null) =>
    jsonResponse({ info: { eTag: etag }, records: { listInfoETag: etag, records: [rec(ACC1, { Name: 'Acme' })], sortBy } });

  it('drops the cached pages when an answer carries another listInfoETag', async () => {
    let etag = 'a';
    uiApiServer(() => page(etag));
    await layer.get(A.getListUi, MRU());
    await layer.get(A.getListUi, MRU('1'));
    expect((await layer.get(A.getListUi, MRU('1'), { type: 'only-if-cached' })).state).toBe('Fulfilled');
    await layer.get(A.getListUi, MRU(), { type: 'no-cache' }); // same eTag: pages kept
    expect((await layer.get(A.getListUi, MRU('1'), { type: 'only-if-cached' })).state).toBe('Fulfilled');
    etag = 'b';
    await layer.get(A.getListUi, MRU(), { type: 'no-cache' });
    expect((await layer.get(A.getListUi, MRU('1'), { type: 'only-if-cached' })).error?.status).toBe(504);
    expect((await layer.get(A.getListUi, MRU(), { type: 'only-if-cached' })).state).toBe('Fulfilled');
  });

  it('splits a comma-joined sortBy', async () => {
    uiApiServer(() => page('a', 'Name,-CreatedDate'));
    const s = await layer.get(A.getListUi, MRU());
    expect((s.data as { records: { sortBy: unknown } }).records.sortBy).toEqual(['Name', '-CreatedDate']);
  });
});
