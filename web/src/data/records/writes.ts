// Record writes and notify-change (spec/data-layer.md sections 4, 5, 8 and 9). A write's answer goes through the
// same merge as a read, so every list and record UI holding the record sees the change.

import { getListInfoByName, getListRecordsByName, getListUi, getObjectInfo } from './adapters';
import { toDataError, type DataLayer } from './engine';
import { LIFETIMES } from './lifetimes';
import { isRecordRep, recordErrorKey, type RecordRep } from './store';
import { InvalidConfig, objectName, recordId, str } from './validate';

export type FieldInputValue = string | number | boolean | null;

export interface RecordInput {
  apiName?: string;
  fields: Record<string, FieldInputValue>;
  allowSaveOnDuplicate?: boolean;
}

export interface ClientOptions {
  /** Sent as If-Unmodified-Since; an ISO timestamp with fractional seconds is turned into an HTTP date. */
  ifUnmodifiedSince?: string;
}

export const INVALID_RECORD_INPUT = 'Invalid recordInput';
export const INVALID_DELETE = 'Invalid config for deleteRecord';
export const NOTIFY_LIMIT = 60;
export const NOTIFY_WINDOW_MS = 60_000;

const ISO_WITH_FRACTION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+(?:Z|[+-]\d{2}:?\d{2})$/;

export function toHttpDate(value: string): string {
  return ISO_WITH_FRACTION.test(value) ? new Date(value).toUTCString() : value;
}

function checkInput(input: unknown): RecordInput {
  const fields = (input as RecordInput | null)?.fields;
  if (typeof input !== 'object' || input === null || typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    throw new InvalidConfig(INVALID_RECORD_INPUT);
  }
  for (const v of Object.values(fields)) {
    if (v !== null && !['string', 'number', 'boolean'].includes(typeof v)) throw new InvalidConfig(INVALID_RECORD_INPUT);
  }
  return input as RecordInput;
}

/**
 * Keeps the fields the user may write (createable or updateable in the object info) when the object info is cached;
 * without it the server's field-level security is the only check. The Id is never a field to write.
 */
function writableFields(layer: DataLayer, apiName: string | undefined, fields: RecordInput['fields'], right: 'createable' | 'updateable') {
  const info = apiName
    ? layer.store.readEntry<{ fields?: Record<string, Record<string, unknown>> }>(getObjectInfo.key(getObjectInfo.validate({ objectApiName: apiName })))
    : undefined;
  const out: RecordInput['fields'] = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'Id') continue;
    const meta = info?.data?.fields?.[name];
    if (info?.data?.fields && meta?.[right] !== true) continue;
    out[name] = value;
  }
  return out;
}

/** Rethrows the server's error frozen (section 8), so no reader can alter what another sees. */
async function send(layer: DataLayer, ...args: Parameters<DataLayer['send']>) {
  try {
    return await layer.send(...args);
  } catch (err) {
    throw Object.freeze(toDataError(err));
  }
}

/** A create or update that answers a record stores it (section 4); the caller gets it from the cache. */
function store(layer: DataLayer, body: unknown): RecordRep | undefined {
  if (!isRecordRep(body)) return undefined;
  layer.store.putRecord(body, LIFETIMES.record, Date.now());
  return body;
}

/** createRecord(recordInput): POST /ui-api/records with the createable fields; the answer is stored. */
export async function createRecord(layer: DataLayer, recordInput: RecordInput): Promise<RecordRep | undefined> {
  const input = checkInput(recordInput);
  if (typeof input.apiName !== 'string' || input.apiName === '') throw new InvalidConfig(INVALID_RECORD_INPUT);
  const res = await send(layer, {
    method: 'POST',
    path: 'records',
    body: { apiName: input.apiName, fields: writableFields(layer, input.apiName, input.fields, 'createable'), allowSaveOnDuplicate: input.allowSaveOnDuplicate },
  });
  return store(layer, res);
}

/**
 * updateRecord(recordInput, clientOptions): the id is the Id field; PATCH with the updateable fields. An answer with
 * a record stores it; an answer with no content evicts the cached record (section 4), so readers fetch it again.
 */
export async function updateRecord(layer: DataLayer, recordInput: RecordInput, clientOptions: ClientOptions = {}): Promise<RecordRep | undefined> {
  const input = checkInput(recordInput);
  let id: string;
  try {
    id = recordId(input.fields.Id);
  } catch {
    throw new InvalidConfig(INVALID_RECORD_INPUT);
  }
  const apiName = input.apiName ?? layer.store.readRecord(id, [], [], false).data?.apiName;
  const headers = clientOptions.ifUnmodifiedSince ? { 'If-Unmodified-Since': toHttpDate(clientOptions.ifUnmodifiedSince) } : undefined;
  const res = await send(layer, {
    method: 'PATCH',
    path: `records/${id}`,
    body: { fields: writableFields(layer, apiName, input.fields, 'updateable'), allowSaveOnDuplicate: input.allowSaveOnDuplicate },
    headers,
  });
  const saved = store(layer, res);
  if (!saved) layer.store.evictRecord(id);
  return saved;
}

/** deleteRecord(recordId): DELETE, then the record leaves the cache (section 4). */
export async function deleteRecord(layer: DataLayer, id: unknown): Promise<void> {
  let checked: string;
  try {
    checked = recordId(id);
  } catch {
    throw new InvalidConfig(INVALID_DELETE);
  }
  await send(layer, { method: 'DELETE', path: `records/${checked}` });
  layer.store.batch(() => {
    layer.store.evictRecord(checked);
    layer.store.evictEntry(recordErrorKey(checked));
  });
}

/** Drops the cached list pages (list records, list UI) read from any of the paths, whatever their page or fields. */
function dropListPages(layer: DataLayer, paths: string[]) {
  const quoted = paths.map((p) => JSON.stringify(p));
  const adapters = [`${getListRecordsByName.name}:`, `${getListUi.name}:`];
  layer.store.evictEntries((key) => adapters.some((a) => key.startsWith(a)) && quoted.some((p) => key.includes(p)));
}

export interface ListPreferencesInput {
  objectApiName: string;
  listViewApiName: string;
  columnWidths?: Record<string, number>;
  columnWrap?: Record<string, boolean>;
  orderedBy?: { fieldApiName: string; isAscending: boolean }[];
}

/**
 * updateListPreferences({ objectApiName, listViewApiName, columnWidths, columnWrap, orderedBy }): PATCH the caller's
 * preferences of a list view. The list's info, which carries them, is read again; its cached pages are dropped, as a
 * new order changes every page, so a reader showing one fetches it again in the preferred order.
 */
export async function updateListPreferences(layer: DataLayer, input: ListPreferencesInput): Promise<unknown> {
  let object: string, list: string;
  try {
    object = objectName(input?.objectApiName);
    list = str(input?.listViewApiName);
  } catch {
    throw new InvalidConfig('Invalid config for updateListPreferences');
  }
  const { columnWidths, columnWrap, orderedBy } = input;
  const name = `${encodeURIComponent(object)}/${encodeURIComponent(list)}`;
  const answer = await send(layer, { method: 'PATCH', path: `list-preferences/${name}`, body: { columnWidths, columnWrap, orderedBy } });
  dropListPages(layer, [`list-records/${name}`, `list-ui/${name}`]);
  await layer.network(getListInfoByName, getListInfoByName.validate({ objectApiName: object, listViewApiName: list }));
  return answer;
}

/**
 * markRecordViewed({ recordId, objectApiName }): the user opened the record, so it goes first in its object's
 * Recently Viewed list (a record read with updateMru=true). The read's answer is merged like any other; that list's
 * cached pages are dropped, so a reader showing one fetches it again.
 */
export async function markRecordViewed(layer: DataLayer, input: { recordId: string; objectApiName: string }): Promise<void> {
  let id: string, object: string;
  try {
    id = recordId(input?.recordId);
    object = objectName(input?.objectApiName);
  } catch {
    throw new InvalidConfig('Invalid config for markRecordViewed');
  }
  const answer = await send(layer, { method: 'GET', path: `records/${id}`, query: { fields: `${object}.Id`, updateMru: true } });
  store(layer, answer);
  const obj = encodeURIComponent(object);
  dropListPages(layer, [`list-records/${obj}/__Recent`, `mru-list-ui/${obj}`]);
}

const notifyCalls = new WeakMap<DataLayer, number[]>();

/**
 * notifyRecordUpdateAvailable([{ recordId }]): the records changed elsewhere. They turn Stale, and every reader
 * watching them fetches again. Limited to 60 calls per 60 s (section 9): a call beyond it rejects and changes nothing.
 */
export async function notifyRecordUpdateAvailable(layer: DataLayer, records: { recordId: string }[]): Promise<void> {
  if (!Array.isArray(records) || records.length === 0) throw new InvalidConfig('Invalid config for notifyRecordUpdateAvailable');
  const ids = records.map((r) => recordId(r?.recordId));
  const now = Date.now();
  const calls = (notifyCalls.get(layer) ?? []).filter((t) => t > now - NOTIFY_WINDOW_MS);
  notifyCalls.set(layer, calls);
  if (calls.length >= NOTIFY_LIMIT) {
    throw new Error(`notifyRecordUpdateAvailable: at most ${NOTIFY_LIMIT} calls per ${NOTIFY_WINDOW_MS} ms`);
  }
  calls.push(now);
  layer.store.expireRecords(ids, now);
}
