// The engine: cache policies, snapshot states, shared in-flight requests and the error rules
// (spec/data-layer.md sections 4, 8 and 9; spec/storefront.md section 8 for INVALID_CONFIG and the synthetic 504).

import { API_VERSION, sitePath } from '../config';
import { FetchError } from '../errors';
import { request, type Query } from '../http';
import { LIFETIMES, type ItemType } from './lifetimes';
import { Store, type CacheRead, type DataError } from './store';
import { InvalidConfig } from './validate';

export type SnapshotState = 'Fulfilled' | 'Unfulfilled' | 'Error' | 'Pending' | 'Stale';

/**
 * What a reader sees. Fulfilled: all data cached and fresh. Stale: all data cached, lifetime over.
 * Unfulfilled: some data missing (data may hold what is cached). Pending: a request is on its way and nothing
 * usable is cached. Error: the answer failed (error says how; only a 404 is ever cached).
 */
export interface Snapshot<T> {
  state: SnapshotState;
  data?: T;
  error?: DataError;
}

export type CachePolicy =
  | { type: 'cache-then-network' }
  | { type: 'cache-and-network' }
  | { type: 'stale-while-revalidate'; staleDurationSeconds: number }
  | { type: 'no-cache' }
  | { type: 'only-if-cached' }
  | { type: 'valid-at'; timestamp: number };

/** A config that fails its check: nothing is sent and nothing returned. */
export const INVALID_CONFIG: DataError = Object.freeze({ ok: false, status: 400, statusText: 'INVALID_CONFIG' });

export const ONLY_IF_CACHED_MESSAGE = 'Data requested with only-if-cached policy and not found in the cache.';

/** The synthetic answer of an only-if-cached read that misses. */
export const ONLY_IF_CACHED_MISS: DataError = Object.freeze({
  ok: false,
  status: 504,
  statusText: 'Gateway Timeout',
  body: Object.freeze({ message: ONLY_IF_CACHED_MESSAGE }),
});

export interface NetworkRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Below /services/data/v64.0/ui-api/. */
  path: string;
  query?: Record<string, string | number | boolean | string[] | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One wire adapter: its config check, its request, and how its answer is stored and read back. */
export interface Adapter<C, T> {
  name: string;
  /** The row of the lifetimes table the answer lives by. */
  type: ItemType;
  /** Checks and normalises a config; throws InvalidConfig. */
  validate(raw: unknown): C;
  key(config: C): string;
  request(config: C, store: Store): NetworkRequest;
  /** Where a 404 is remembered; the entry key by default. */
  errorKey?(config: C): string;
  /** The row of the lifetimes table a 404 lives by, when not type's (the avatar batch's error: 1 hour). */
  errorType?: ItemType;
  /** Stores an answer; by default the whole body as an entry under key, its records normalised. */
  ingest?(store: Store, config: C, body: unknown, now: number): void;
  /** Reads the cache; by default the entry under key. */
  lookup?(store: Store, config: C): CacheRead<T> | undefined;
}

type NetResult = { ok: true; body: unknown } | { ok: false; error: DataError };

export function uiApiPath(path: string): string {
  return sitePath(`/services/data/${API_VERSION}/ui-api/${path}`);
}

function toQuery(q: NetworkRequest['query']): Query | undefined {
  if (!q) return undefined;
  const out: Query = {};
  for (const [k, v] of Object.entries(q)) out[k] = Array.isArray(v) ? v.join(',') : v;
  return out;
}

export function toDataError(err: unknown): DataError {
  if (err instanceof FetchError) return { ok: false, status: err.status, statusText: err.statusText, body: err.body };
  throw err;
}

const INVALID = Symbol('invalid');

/** The checked config, or INVALID after emitting the INVALID_CONFIG snapshot (a read of a bad config sends nothing). */
function validated<C, T>(adapter: Adapter<C, T>, raw: unknown, emit: (s: Snapshot<T>) => void): C | typeof INVALID {
  try {
    return adapter.validate(raw);
  } catch (err) {
    if (!(err instanceof InvalidConfig)) throw err;
    emit({ state: 'Error', error: INVALID_CONFIG });
    return INVALID;
  }
}

/** Where an adapter's 404 is remembered. */
function errorKey<C, T>(adapter: Adapter<C, T>, config: C): string {
  return adapter.errorKey?.(config) ?? adapter.key(config);
}

function sameSnapshot<T>(a: Snapshot<T>, b: Snapshot<T>): boolean {
  return a.state === b.state && a.error === b.error && JSON.stringify(a.data) === JSON.stringify(b.data);
}

export class DataLayer {
  readonly store = new Store();
  private inflight = new Map<string, Promise<NetResult>>();

  /** Sends one request (reads and writes alike) with the session cookie and CSRF header of ../http. */
  async send(req: NetworkRequest): Promise<unknown> {
    const res = await request<unknown>(uiApiPath(req.path), {
      method: req.method,
      query: toQuery(req.query),
      body: req.body,
      headers: req.headers,
    });
    return res.data;
  }

  /** The cache's answer for a config at time `at` (valid-at reads the cache as of its timestamp). */
  snapshot<C, T>(adapter: Adapter<C, T>, config: C, at = Date.now()): Snapshot<T> {
    const err = this.store.readError(errorKey(adapter, config));
    if (err && err.expiresAt > at) return { state: 'Error', error: err.error };
    const read = adapter.lookup ? adapter.lookup(this.store, config) : this.store.readEntry<T>(adapter.key(config));
    if (!read || read.error) return { state: 'Unfulfilled' };
    if (read.missing) return { state: 'Unfulfilled', data: read.data };
    return { state: read.expiresAt > at ? 'Fulfilled' : 'Stale', data: read.data };
  }

  /** One read: the last snapshot the policy produces. */
  async get<C, T>(adapter: Adapter<C, T>, raw: unknown, policy?: CachePolicy): Promise<Snapshot<T>> {
    let last: Snapshot<T> = { state: 'Pending' };
    await this.run(adapter, raw, policy, (s) => (last = s));
    return last;
  }

  /**
   * Applies a cache policy, calling emit with each snapshot (cache-and-network and stale-while-revalidate may
   * emit twice: the cached data, then the network's). Resolves when the policy is done.
   */
  async run<C, T>(adapter: Adapter<C, T>, raw: unknown, policy: CachePolicy | undefined, emit: (s: Snapshot<T>) => void): Promise<void> {
    const config = validated(adapter, raw, emit);
    if (config !== INVALID) await this.apply(adapter, config, policy, emit);
  }

  private async apply<C, T>(adapter: Adapter<C, T>, config: C, policy: CachePolicy = { type: 'cache-then-network' }, emit: (s: Snapshot<T>) => void): Promise<void> {
    const now = Date.now();
    const cached = this.snapshot(adapter, config, policy.type === 'valid-at' ? policy.timestamp : now);
    const fromNetwork = async () => {
      if (cached.state !== 'Stale' && cached.state !== 'Fulfilled') emit({ state: 'Pending', data: cached.data });
      emit(await this.network(adapter, config));
    };
    switch (policy.type) {
      case 'no-cache':
        return fromNetwork();
      case 'only-if-cached':
        return emit(cached.state === 'Unfulfilled' ? { state: 'Error', error: ONLY_IF_CACHED_MISS } : cached);
      case 'cache-and-network':
        if (cached.state !== 'Unfulfilled') emit(cached);
        return fromNetwork();
      case 'stale-while-revalidate': {
        const stale = this.snapshot(adapter, config, now - policy.staleDurationSeconds * 1000);
        if (cached.state === 'Fulfilled' || cached.state === 'Error') return emit(cached);
        if (cached.state === 'Stale' && stale.state === 'Fulfilled') {
          emit(cached);
          return emit(await this.network(adapter, config));
        }
        return fromNetwork();
      }
      default: // cache-then-network and valid-at
        if (cached.state === 'Fulfilled' || cached.state === 'Error') return emit(cached);
        return fromNetwork();
    }
  }

  /**
   * Fetches, stores the answer and reads it back from the cache. Equal requests in flight share one fetch and one
   * ingestion. Only a 404 is cached as an error (for the adapter's lifetime); other failures reach only this reader.
   */
  async network<C, T>(adapter: Adapter<C, T>, config: C): Promise<Snapshot<T>> {
    const req = adapter.request(config, this.store);
    const flightKey = `${req.method} ${req.path} ${JSON.stringify(req.query ?? {})} ${JSON.stringify(req.body ?? null)}`;
    let flight = this.inflight.get(flightKey);
    if (!flight) {
      flight = this.fetchAndStore(adapter, config, req).finally(() => this.inflight.delete(flightKey));
      this.inflight.set(flightKey, flight);
    }
    const res = await flight;
    if (!res.ok) return { state: 'Error', error: res.error };
    const snap = this.snapshot(adapter, config);
    // The cache kept a newer copy than the answer (an older weakEtag is ignored): the reader gets the answer itself.
    return snap.state === 'Fulfilled' ? snap : { state: 'Fulfilled', data: res.body as T };
  }

  private async fetchAndStore<C, T>(adapter: Adapter<C, T>, config: C, req: NetworkRequest): Promise<NetResult> {
    const ttl = LIFETIMES[adapter.type];
    let body: unknown;
    try {
      body = await this.send(req);
    } catch (err) {
      const error = toDataError(err);
      if (error.status === 404) this.store.putError(errorKey(adapter, config), error, LIFETIMES[adapter.errorType ?? adapter.type], Date.now());
      return { ok: false, error };
    }
    const now = Date.now();
    this.store.batch(() => {
      this.store.evictEntry(errorKey(adapter, config));
      if (adapter.ingest) adapter.ingest(this.store, config, body, now);
      else this.store.putEntry(adapter.key(config), body, ttl, now, LIFETIMES.record);
    });
    return { ok: true, body };
  }

  /**
   * Runs a policy and keeps the listener up to date as the cache changes (another read or a write). A reader whose
   * data goes from Fulfilled to Stale or Unfulfilled (a notify-change, a newer copy lacking a field, an evicted
   * record) fetches again once. Returns the unsubscribe function.
   */
  watch<C, T>(adapter: Adapter<C, T>, raw: unknown, policy: CachePolicy | undefined, listener: (s: Snapshot<T>) => void): () => void {
    let active = true;
    let last: Snapshot<T> | undefined;
    let refreshing = false;
    const emit = (s: Snapshot<T>) => {
      if (!active || (last && sameSnapshot(last, s))) return;
      last = s;
      listener(s);
    };
    const config = validated(adapter, raw, emit);
    if (config === INVALID) return () => undefined;
    const unsubscribe = this.store.subscribe(() => {
      if (!last || last.state === 'Pending' || last.state === 'Error') return;
      const s = this.snapshot(adapter, config);
      const lost = last.state === 'Fulfilled' && (s.state === 'Stale' || s.state === 'Unfulfilled');
      emit(s);
      if (lost && !refreshing) {
        refreshing = true;
        void this.network(adapter, config)
          .then(emit)
          .finally(() => (refreshing = false));
      }
    });
    // A failure that is not an HTTP answer (an aborted fetch, a bug) still ends the reader's Pending.
    void this.apply(adapter, config, policy, emit).catch((err: unknown) =>
      emit({ state: 'Error', error: { ok: false, status: 0, statusText: String((err as Error)?.message ?? err) } }),
    );
    return () => {
      active = false;
      unsubscribe();
    };
  }
}
