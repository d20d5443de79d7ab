// The adapters that read records themselves (lightning/uiRecordApi getRecord and getRecords): they read the
// normalised record table field by field rather than a stored response, so any read that brought the fields in
// (a list, a record UI, another getRecord) answers them.

import type { Adapter } from './engine';
import { LIFETIMES } from './lifetimes';
import { isRecordRep, recordErrorKey, type CacheRead, type DataError, type RecordRep, type Store } from './store';
import { fail, object, optFieldPaths, optStrList, recordId, strList } from './validate';

export interface GetRecordConfig {
  recordId: string;
  fields: string[];
  optionalFields: string[];
  layoutTypes?: string[];
  modes?: string[];
}

/** 'Account.Owner.Name' -> 'Owner.Name': paths below the record. */
function relative(paths: string[]): string[] {
  return paths.map((p) => p.slice(p.indexOf('.') + 1));
}

/** Marks the optional paths the answer lacks as absent, on the record or nested record where each one stops. */
function markAbsent(store: Store, rep: RecordRep, paths: string[]): void {
  for (const path of paths) {
    let cur: RecordRep | undefined = rep;
    const parts = path.split('.');
    for (let i = 0; cur && i < parts.length; i++) {
      const f: { value: unknown } | undefined = cur.fields[parts[i]];
      if (!f) store.markAbsent(cur.id, [parts[i]]);
      cur = f && isRecordRep(f.value) ? f.value : undefined;
    }
  }
}

/** getRecord: recordId plus at least one of fields, optionalFields or layoutTypes (spec section 5). */
export const getRecord: Adapter<GetRecordConfig, RecordRep> = {
  name: 'getRecord',
  type: 'record',
  validate(raw) {
    const c = object(raw);
    const config: GetRecordConfig = {
      recordId: recordId(c.recordId),
      fields: optFieldPaths(c.fields) ?? [],
      optionalFields: optFieldPaths(c.optionalFields) ?? [],
      layoutTypes: optStrList(c.layoutTypes),
      modes: optStrList(c.modes),
    };
    if (config.fields.length === 0 && config.optionalFields.length === 0 && !config.layoutTypes) fail();
    return config;
  },
  key: (c) => `getRecord:${c.recordId}:${c.layoutTypes ?? ''}:${c.modes ?? ''}`,
  errorKey: (c) => recordErrorKey(c.recordId),
  request(c, store) {
    // Fields a newer copy dropped are asked for again, as optional so that the read cannot fail on them.
    const asked = new Set([...c.fields, ...c.optionalFields]);
    const optionalFields = [...c.optionalFields, ...store.refetchFields(c.recordId).filter((f) => !asked.has(f))];
    return {
      method: 'GET',
      path: `records/${c.recordId}`,
      query: {
        fields: c.fields.length ? c.fields : undefined,
        optionalFields: optionalFields.length ? optionalFields : undefined,
        layoutTypes: c.layoutTypes,
        modes: c.modes,
      },
    };
  },
  ingest(store, c, body, now) {
    if (!isRecordRep(body)) return;
    store.putRecord(body, LIFETIMES.record, now);
    markAbsent(store, body, relative(c.optionalFields));
    // A layout decides the fields: which ones it gave is remembered as an entry referring to the record.
    if (c.layoutTypes) store.putEntry(this.key(c), body, LIFETIMES.record, now, LIFETIMES.record);
  },
  lookup(store, c) {
    if (c.layoutTypes) return store.readEntry<RecordRep>(this.key(c));
    return store.readRecord(c.recordId, relative(c.fields), relative(c.optionalFields), false);
  },
};

export interface GetRecordsConfig {
  recordIds: string[];
  fields: string[];
  optionalFields: string[];
}

export interface BatchResult {
  statusCode: number;
  result: unknown;
}

/**
 * getRecords: { records: [{ recordIds, fields, optionalFields }] }. An entry with no recordIds, or neither fields
 * nor optionalFields, is dropped (section 5). The entries are asked for in one batch call with their fields
 * unioned (the UI API batch takes one field list); each result is read back with its own entry's fields.
 */
export const getRecords: Adapter<{ records: GetRecordsConfig[] }, { results: BatchResult[] }> = {
  name: 'getRecords',
  type: 'record',
  validate(raw) {
    const entries = object(raw).records;
    if (!Array.isArray(entries)) fail();
    const records: GetRecordsConfig[] = [];
    for (const e of entries) {
      if (typeof e !== 'object' || e === null) continue;
      const { recordIds, fields, optionalFields } = e as Record<string, unknown>;
      if (recordIds === undefined || (fields === undefined && optionalFields === undefined)) continue;
      if ((fields !== undefined && !Array.isArray(fields)) || (optionalFields !== undefined && !Array.isArray(optionalFields))) fail();
      records.push({
        recordIds: strList(recordIds).map(recordId),
        fields: optFieldPaths(fields) ?? [],
        optionalFields: optFieldPaths(optionalFields) ?? [],
      });
    }
    if (records.length === 0) fail();
    return { records };
  },
  key: (c) => `getRecords:${JSON.stringify(c.records)}`,
  request(c) {
    const ids = [...new Set(c.records.flatMap((r) => r.recordIds))];
    const fields = [...new Set(c.records.flatMap((r) => r.fields))];
    const optionalFields = [...new Set(c.records.flatMap((r) => r.optionalFields))];
    return {
      method: 'GET',
      path: `records/batch/${ids.join(',')}`,
      query: { fields: fields.length ? fields : undefined, optionalFields: optionalFields.length ? optionalFields : undefined },
    };
  },
  /**
   * Results come in the order of the ids asked for. A 200 stores the record; a 404 is a missing record, cached as
   * that record's not-found; any other status is remembered as that item's error for the record lifetime (section 8).
   */
  ingest(store, c, body, now) {
    const ids = [...new Set(c.records.flatMap((r) => r.recordIds))];
    const results = (body as { results?: BatchResult[] })?.results ?? [];
    const itemErrors: Record<string, BatchResult> = {};
    results.forEach((item, i) => {
      const id = isRecordRep(item.result) ? item.result.id : ids[i];
      if (!id) return;
      if (item.statusCode === 200 && isRecordRep(item.result)) {
        store.putRecord(item.result, LIFETIMES.record, now);
        markAbsent(store, item.result, relative(c.records.find((r) => r.recordIds.includes(id))?.optionalFields ?? []));
      } else {
        const error: DataError = { ok: false, status: item.statusCode, statusText: '', body: item.result };
        if (item.statusCode === 404) store.putError(recordErrorKey(id), error, LIFETIMES.record, now);
        else itemErrors[id] = item;
      }
    });
    store.putEntry(this.key(c), { itemErrors }, LIFETIMES.record, now, LIFETIMES.record);
  },
  lookup(store, c) {
    const now = Date.now();
    const itemErrors = store.readEntry<{ itemErrors: Record<string, BatchResult> }>(this.key(c));
    const out: CacheRead<{ results: BatchResult[] }> = { missing: false, expiresAt: Infinity, data: { results: [] } };
    for (const entry of c.records) {
      for (const id of entry.recordIds) {
        const notFound = store.readError(recordErrorKey(id));
        const failed = itemErrors && itemErrors.expiresAt > now ? itemErrors.data?.itemErrors[id] : undefined;
        if (notFound && notFound.expiresAt > now) {
          out.data!.results.push({ statusCode: 404, result: notFound.error?.body });
        } else if (failed) {
          out.data!.results.push(failed);
        } else {
          const r = store.readRecord(id, relative(entry.fields), relative(entry.optionalFields), false);
          out.missing ||= r.missing;
          out.expiresAt = Math.min(out.expiresAt, r.expiresAt);
          out.data!.results.push({ statusCode: 200, result: r.data });
        }
      }
    }
    return out;
  },
};
