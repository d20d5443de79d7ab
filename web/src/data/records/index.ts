/**
 * The records data layer (spec/data-layer.md; issue 18 item 1): a normalised, lifetime-aware cache of UI API
 * answers in the manner of Lightning Data Service.
 *
 * - store.ts: records by id and field, merged across reads and writes (fields unioned; a newer weakEtag wins; a
 *   newer copy lacking fields marks them for refetch); other answers as entries referring to those records.
 * - lifetimes.ts: every item type's lifetime (section 9).
 * - engine.ts: cache policies, snapshot states, shared in-flight requests, INVALID_CONFIG, the only-if-cached 504,
 *   and "only a 404 is cached as an error".
 * - adapters.ts, recordAdapters.ts: the wire adapters with LWC's config names (lightning/uiRecordApi and friends).
 * - writes.ts: createRecord, updateRecord, deleteRecord, notifyRecordUpdateAvailable (60 calls per 60 s).
 * - hooks.ts: useWire and the named hooks, useRecordWrites.
 *
 * Beside TanStack Query, not under it. TanStack Query caches one answer per query key, with one staleness clock
 * per key. This layer's rules are about what is inside answers: a record read by a list, a record UI and a getRecord
 * is one record whose fields are merged by version; a read is Fulfilled, Stale or Unfulfilled according to the
 * fields and records it needs and their own lifetimes; a write or a notify-change reaches every reader holding the
 * record. Under TanStack Query each of those would need a second, normalised store kept in step with its query
 * cache by hand, and the policies only-if-cached, valid-at and stale-while-revalidate with a stale duration would
 * be rewritten around its refetch options. Issue 18 item 4 asks for one place where normalisation lives: this is
 * it. TanStack Query stays the tool for the storefront's commerce calls, which answer whole documents.
 *
 * Not re-exported from ../index.ts: the console imports it from 'data/records', so the storefront's first load
 * never includes it. Every module here is free of side effects at import.
 */
export * from './adapters';
export { DataLayer, INVALID_CONFIG, ONLY_IF_CACHED_MESSAGE, ONLY_IF_CACHED_MISS, uiApiPath } from './engine';
export type { Adapter, CachePolicy, NetworkRequest, Snapshot, SnapshotState } from './engine';
export * from './hooks';
export { LIFETIMES, type ItemType } from './lifetimes';
export type { CacheRead, DataError, FieldValue, RecordRep } from './store';
export { InvalidConfig, to18 } from './validate';
export * from './writes';
