import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getListInfoByName, getListRecordsByName, getObjectInfo, getRecord } from './adapters';
import { DataLayer, ONLY_IF_CACHED_MISS, type Snapshot } from './engine';
import type { RecordRep } from './store';
import { ACC1, ACC2, jsonResponse, rec, uiApiServer, type UiApiCall, withFakeClock } from './testing';
import { createRecord, deleteRecord, markRecordViewed, notifyRecordUpdateAvailable, toHttpDate, updateListPreferences, updateRecord } from './writes';

let layer: DataLayer;

withFakeClock();
beforeEach(() => {
  layer = new DataLayer();
});

const NAME = { recordId: ACC1, fields: ['Account.Name'] };
const LIST = { objectApiName: 'Account', listViewApiName: 'AllAccounts', fields: ['Account.Name'] };
const cached = (config: unknown = NAME) => layer.get(getRecord, config, { type: 'only-if-cached' });

/** The account server: reads answer the current account, writes go to onWrite. */
function server(onWrite: (c: UiApiCall) => Response | undefined) {
  const state = { name: 'Acme', version: 1 };
  const calls = uiApiServer((c) => {
    if (c.method === 'GET' && c.path === 'object-info/Account') {
      return jsonResponse({ apiName: 'Account', fields: { Name: { createable: true, updateable: true }, CreatedDate: { createable: false, updateable: false }, Site: { createable: true, updateable: false } } });
    }
    if (c.path.startsWith('list-records/')) return jsonResponse({ records: [rec(ACC1, { Name: state.name }, state.version), rec(ACC2, { Name: 'Beta' })] });
    if (c.method === 'GET') return jsonResponse(rec(ACC1, { Name: state.name }, state.version));
    return onWrite(c);
  });
  return { calls, state, writes: () => calls.filter((c) => c.method !== 'GET' && !c.path.startsWith('list-records/')) };
}

describe('createRecord stores the record it answers (sections 3 and 4)', () => {
  it('posts apiName and fields without the Id, and the answer is read from the cache', async () => {
    const { writes } = server(() => jsonResponse(rec(ACC1, { Name: 'New Co' }), { status: 201 }));
    const saved = await createRecord(layer, { apiName: 'Account', fields: { Id: 'x', Name: 'New Co' } });
    expect(saved?.id).toBe(ACC1);
    expect(writes().map((c) => [c.method, c.path, c.body])).toEqual([['POST', 'records', { apiName: 'Account', fields: { Name: 'New Co' } }]]);
    expect((await cached()).data?.fields.Name.value).toBe('New Co');
  });

  it('keeps only createable fields when the object info is cached', async () => {
    const { writes } = server(() => jsonResponse(rec(ACC1, { Name: 'New Co' }), { status: 201 }));
    await layer.get(getObjectInfo, { objectApiName: 'Account' });
    await createRecord(layer, { apiName: 'Account', fields: { Name: 'New Co', CreatedDate: '2020-01-01', Site: 'HQ', Unknown__c: 1 } });
    expect(writes()[0].body).toEqual({ apiName: 'Account', fields: { Name: 'New Co', Site: 'HQ' } });
  });

  it('stores nothing when the answer has no content', async () => {
    server(() => new Response(null, { status: 204 }));
    expect(await createRecord(layer, { apiName: 'Account', fields: { Name: 'New Co' } })).toBeUndefined();
    expect(layer.store.hasRecord(ACC1)).toBe(false);
  });
});

describe('updateRecord (sections 4 and 5)', () => {
  it('patches the updateable fields of the record named by Id, and stores the answer for every reader', async () => {
    const { writes } = server(() => jsonResponse(rec(ACC1, { Name: 'Acme Corp' }, 2)));
    await layer.get(getObjectInfo, { objectApiName: 'Account' });
    await layer.get(getListRecordsByName, LIST);
    const saved = await updateRecord(layer, { fields: { Id: '001xx000003Gn4W', Name: 'Acme Corp', Site: 'HQ' } });
    expect(saved?.weakEtag).toBe(2);
    expect(writes().map((c) => [c.method, c.path, c.body])).toEqual([['PATCH', `records/${ACC1}`, { fields: { Name: 'Acme Corp' } }]]);
    const list = layer.snapshot(getListRecordsByName, getListRecordsByName.validate(LIST));
    expect((list.data as { records: RecordRep[] }).records.map((r) => r.fields.Name.value)).toEqual(['Acme Corp', 'Beta']);
  });

  it('evicts the cached record when the answer has no content', async () => {
    server(() => new Response(null, { status: 204 }));
    await layer.get(getRecord, NAME);
    expect(await updateRecord(layer, { fields: { Id: ACC1, Name: 'Acme Corp' } })).toBeUndefined();
    expect(await cached()).toEqual({ state: 'Error', error: ONLY_IF_CACHED_MISS });
  });

  it('sends If-Unmodified-Since as an HTTP date when given an ISO timestamp with fractional seconds', async () => {
    const { writes } = server(() => new Response(null, { status: 204 }));
    await updateRecord(layer, { fields: { Id: ACC1, Name: 'x' } }, { ifUnmodifiedSince: '2026-01-01T10:20:30.123Z' });
    await updateRecord(layer, { fields: { Id: ACC1, Name: 'x' } }, { ifUnmodifiedSince: 'Thu, 01 Jan 2026 10:20:30 GMT' });
    expect(writes().map((c) => c.headers['if-unmodified-since'])).toEqual(['Thu, 01 Jan 2026 10:20:30 GMT', 'Thu, 01 Jan 2026 10:20:30 GMT']);
    expect(toHttpDate('2026-01-01T10:20:30Z')).toBe('2026-01-01T10:20:30Z');
  });

  it.each([
    ['no input', undefined],
    ['no fields object', { apiName: 'Account' }],
    ['fields as a list', { fields: [ACC1] }],
    ['no Id', { fields: { Name: 'x' } }],
    ['an Id that is not a record id', { fields: { Id: 'nope', Name: 'x' } }],
    ['a value that is an object', { fields: { Id: ACC1, Name: { value: 'x' } } }],
  ])('throws "Invalid recordInput" for %s and sends nothing', async (_, input) => {
    const { writes } = server(() => undefined);
    await expect(updateRecord(layer, input as never)).rejects.toThrow('Invalid recordInput');
    expect(writes()).toHaveLength(0);
  });

  it('rethrows the server error frozen and leaves the cache as it was', async () => {
    server(() => jsonResponse([{ errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', message: 'Name is taken' }], { status: 400, statusText: 'Bad Request' }));
    await layer.get(getRecord, NAME);
    const err = await updateRecord(layer, { fields: { Id: ACC1, Name: 'Taken' } }).catch((e: unknown) => e);
    expect(err).toEqual({ ok: false, status: 400, statusText: 'Bad Request', body: [{ errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', message: 'Name is taken' }] });
    expect(Object.isFrozen(err)).toBe(true);
    expect((await cached()).data?.fields.Name.value).toBe('Acme');
  });
});

describe('deleteRecord evicts the record (section 4)', () => {
  it('deletes, and the record is gone from the cache', async () => {
    const { writes } = server(() => new Response(null, { status: 204 }));
    await layer.get(getRecord, NAME);
    await deleteRecord(layer, ACC1);
    expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE records/${ACC1}`]);
    expect((await cached()).error?.status).toBe(504);
  });

  it('throws "Invalid config for deleteRecord" for an invalid id and sends nothing', async () => {
    const { writes } = server(() => undefined);
    for (const id of [undefined, '', 'abc', 42]) await expect(deleteRecord(layer, id)).rejects.toThrow('Invalid config for deleteRecord');
    expect(writes()).toHaveLength(0);
  });

  it('makes a watched list holding the record fetch again, once', async () => {
    const { calls } = server(() => new Response(null, { status: 204 }));
    const seen: Snapshot<unknown>[] = [];
    const stop = layer.watch(getListRecordsByName, LIST, undefined, (s) => seen.push(s));
    await vi.waitFor(() => expect(seen.at(-1)?.state).toBe('Fulfilled'));
    await deleteRecord(layer, ACC1);
    await vi.waitFor(() => expect(calls.filter((c) => c.path.startsWith('list-records/'))).toHaveLength(2));
    await vi.waitFor(() => expect(seen.at(-1)?.state).toBe('Fulfilled'));
    expect(seen.map((s) => s.state)).toEqual(['Pending', 'Fulfilled', 'Unfulfilled', 'Fulfilled']);
    stop();
  });
});

describe('notifyRecordUpdateAvailable (section 9: notify-style adapters, 60 calls per 60000 ms)', () => {
  it('turns the records Stale, and a reader watching one fetches it again', async () => {
    const { calls, state } = server(() => undefined);
    const names: unknown[] = [];
    const stop = layer.watch(getRecord, NAME, undefined, (s) => names.push(`${s.state} ${s.data?.fields.Name.value ?? ''}`.trim()));
    await vi.waitFor(() => expect(names).toEqual(['Pending', 'Fulfilled Acme']));
    state.name = 'Acme 2';
    state.version = 2;
    await notifyRecordUpdateAvailable(layer, [{ recordId: ACC1 }]);
    await vi.waitFor(() => expect(names.at(-1)).toBe('Fulfilled Acme 2'));
    expect(names).toEqual(['Pending', 'Fulfilled Acme', 'Stale Acme', 'Fulfilled Acme 2']);
    expect(calls.filter((c) => c.path === `records/${ACC1}`)).toHaveLength(2);
    stop();
  });

  it('allows 60 calls in 60 s, rejects the 61st without effect, and allows again as the window moves', async () => {
    server(() => undefined);
    await layer.get(getRecord, NAME);
    for (let i = 0; i < 60; i++) {
      await notifyRecordUpdateAvailable(layer, [{ recordId: ACC2 }]);
      vi.advanceTimersByTime(100);
    }
    await expect(notifyRecordUpdateAvailable(layer, [{ recordId: ACC1 }])).rejects.toThrow('at most 60 calls per 60000 ms');
    expect((await cached()).state).toBe('Fulfilled');
    vi.advanceTimersByTime(60_000 - 60 * 100); // the first call leaves the window
    await notifyRecordUpdateAvailable(layer, [{ recordId: ACC1 }]);
    expect(layer.snapshot(getRecord, getRecord.validate(NAME)).state).toBe('Stale');
    await expect(notifyRecordUpdateAvailable(layer, [{ recordId: ACC1 }])).rejects.toThrow();
  });

  it('counts calls per data layer', async () => {
    server(() => undefined);
    const other = new DataLayer();
    for (let i = 0; i < 60; i++) await notifyRecordUpdateAvailable(layer, [{ recordId: ACC1 }]);
    await expect(notifyRecordUpdateAvailable(other, [{ recordId: ACC1 }])).resolves.toBeUndefined();
  });
});

describe('updateListPreferences reads the list again in the new order', () => {
  const INFO = { objectApiName: 'Account', listViewApiName: 'AllAccounts' };
  const OTHER = { objectApiName: 'Account', listViewApiName: 'AllAccountsOfMine', fields: ['Account.Name'] };

  it('patches the preferences, reads the list info again and drops the cached pages of that list only', async () => {
    const { calls, writes } = server(() => jsonResponse({ orderedBy: [{ fieldApiName: 'Name', isAscending: false }] }));
    await layer.get(getListInfoByName, INFO);
    await layer.get(getListRecordsByName, LIST);
    await layer.get(getListRecordsByName, { ...LIST, pageToken: '5' });
    await layer.get(getListRecordsByName, OTHER);
    const infoReads = () => calls.filter((c) => c.path === 'list-info/Account/AllAccounts').length;
    expect(infoReads()).toBe(1);

    const orderedBy = [{ fieldApiName: 'Name', isAscending: false }];
    await updateListPreferences(layer, { ...INFO, orderedBy });
    expect(writes().map((c) => [c.method, c.path, c.body])).toEqual([['PATCH', 'list-preferences/Account/AllAccounts', { orderedBy }]]);
    expect(infoReads()).toBe(2);
    const state = (config: unknown) => layer.snapshot(getListRecordsByName, getListRecordsByName.validate(config)).state;
    expect(state(LIST)).toBe('Unfulfilled');
    expect(state({ ...LIST, pageToken: '5' })).toBe('Unfulfilled');
    expect(state(OTHER)).toBe('Fulfilled');
  });

  it('a page on screen is fetched again', async () => {
    const { calls } = server(() => jsonResponse({}));
    const seen: string[] = [];
    const stop = layer.watch(getListRecordsByName, LIST, undefined, (s) => seen.push(s.state));
    await vi.waitFor(() => expect(seen.at(-1)).toBe('Fulfilled'));
    await updateListPreferences(layer, { ...INFO, columnWidths: { Name: 200 } });
    await vi.waitFor(() => expect(calls.filter((c) => c.path === 'list-records/Account/AllAccounts')).toHaveLength(2));
    await vi.waitFor(() => expect(seen.at(-1)).toBe('Fulfilled'));
    stop();
  });

  it('refuses a config without the list', async () => {
    const { calls } = server(() => jsonResponse({}));
    await expect(updateListPreferences(layer, { objectApiName: 'Account' } as never)).rejects.toThrow('Invalid config for updateListPreferences');
    expect(calls).toHaveLength(0);
  });
});

describe('markRecordViewed puts the record first in Recently Viewed', () => {
  const RECENT = { objectApiName: 'Account', listViewApiName: '__Recent', fields: ['Account.Name'] };

  it('reads the record with updateMru=true and drops the cached pages of that object\'s Recently Viewed only', async () => {
    const { calls } = server(() => undefined);
    await layer.get(getListRecordsByName, RECENT);
    await layer.get(getListRecordsByName, LIST);
    await markRecordViewed(layer, { recordId: ACC1, objectApiName: 'Account' });
    const read = calls.filter((c) => c.path === `records/${ACC1}`);
    expect(read.map((c) => [c.method, c.query.get('fields'), c.query.get('updateMru')])).toEqual([['GET', 'Account.Id', 'true']]);
    const state = (config: unknown) => layer.snapshot(getListRecordsByName, getListRecordsByName.validate(config)).state;
    expect(state(RECENT)).toBe('Unfulfilled');
    expect(state(LIST)).toBe('Fulfilled');
  });

  it('refuses a bad id without a request', async () => {
    const { calls } = server(() => undefined);
    await expect(markRecordViewed(layer, { recordId: 'nope', objectApiName: 'Account' })).rejects.toThrow('Invalid config for markRecordViewed');
    expect(calls).toHaveLength(0);
  });
});
