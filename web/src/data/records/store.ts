// The normalised store (spec/data-layer.md sections 3, 4 and 9): records by id and field, merged across every
// response that carries them, and the other responses as entries whose nested records are references into the
// record table. A response is read back by following the references, so a record changed by one read or write is
// seen by every list, record UI and batch that holds it.

/** A field as the UI API sends it. */
export interface FieldValue {
  value: unknown;
  displayValue: string | null;
}

/** A record as the UI API sends it (RecordRepresentation). */
export interface RecordRep {
  apiName: string;
  id: string;
  eTag?: string;
  weakEtag?: number;
  fields: Record<string, FieldValue>;
  childRelationships?: Record<string, unknown>;
  lastModifiedById?: string | null;
  lastModifiedDate?: string | null;
  recordTypeId?: string | null;
  recordTypeInfo?: unknown;
  systemModstamp?: string | null;
}

/** A failed answer as snapshots carry it (Luvio's FetchResponse shape). */
export interface DataError {
  ok: false;
  status: number;
  statusText: string;
  body?: unknown;
}

/** In a stored entry, a record stands as a reference with the field paths its response held. */
interface Ref {
  __ref: string;
  __paths: string[];
}

interface StoredRecord {
  /** Everything but fields: apiName, id, eTag, weakEtag, systemModstamp... */
  meta: Omit<RecordRep, 'fields'>;
  /** Field name -> value; a nested record's value is a Ref. */
  fields: Map<string, FieldValue>;
  /** optionalFields the server left out (not accessible): known, so they do not make a read Unfulfilled. */
  absent: Set<string>;
  /** Fields an older copy had and a newer copy lacked: dropped, and asked for again by the next fetch. */
  refetch: Set<string>;
  expiresAt: number;
}

interface Entry {
  data?: unknown;
  error?: DataError;
  expiresAt: number;
}

/** What a read of the cache finds: the data (possibly partial), whether something was missing, and when it expires. */
export interface CacheRead<T = unknown> {
  data?: T;
  error?: DataError;
  missing: boolean;
  expiresAt: number;
}

/** Field paths below a record are limited to 6 levels (spec section 5). */
export const MAX_FIELD_DEPTH = 6;

export function isRecordRep(v: unknown): v is RecordRep {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Partial<RecordRep>;
  return typeof r.apiName === 'string' && typeof r.id === 'string' && r.id !== '' && typeof r.fields === 'object' && r.fields !== null;
}

function isRef(v: unknown): v is Ref {
  return typeof v === 'object' && v !== null && typeof (v as Ref).__ref === 'string';
}

/** The leaf field paths a record representation carries ('Name', 'Owner.Name'). */
export function fieldPaths(rep: RecordRep, depth = 0): string[] {
  const out: string[] = [];
  for (const [name, f] of Object.entries(rep.fields)) {
    if (isRecordRep(f?.value) && depth < MAX_FIELD_DEPTH) {
      for (const p of fieldPaths(f.value, depth + 1)) out.push(`${name}.${p}`);
    } else {
      out.push(name);
    }
  }
  return out;
}

export class Store {
  private records = new Map<string, StoredRecord>();
  private entries = new Map<string, Entry>();
  private listeners = new Set<() => void>();
  private depth = 0;
  private dirty = false;

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Runs fn and tells listeners once afterwards if anything changed (one notification per response or write). */
  batch<T>(fn: () => T): T {
    this.depth++;
    try {
      return fn();
    } finally {
      this.depth--;
      if (this.depth === 0 && this.dirty) {
        this.dirty = false;
        for (const l of [...this.listeners]) l();
      }
    }
  }

  private changed(): void {
    this.dirty = true;
    if (this.depth === 0) this.batch(() => undefined);
  }

  /**
   * Merges one record into the table (section 4 and the merge rules):
   * - same version (weakEtag): fields are unioned, the incoming value winning;
   * - newer version: its fields replace the cached ones, and cached fields it lacks are dropped and marked for refetch;
   * - older version: the cached copy wins and the incoming one is ignored.
   * Returns false when the incoming copy was ignored.
   */
  putRecord(rep: RecordRep, ttl: number, now: number): boolean {
    return this.batch(() => {
      const id = rep.id;
      const cur = this.records.get(id);
      const incoming = rep.weakEtag ?? -Infinity;
      const cached = cur?.meta.weakEtag ?? -Infinity;
      if (cur && incoming < cached) return false;
      const { fields: incomingFields, ...meta } = rep;
      const fields = new Map<string, FieldValue>();
      for (const [name, f] of Object.entries(incomingFields)) {
        const value = isRecordRep(f?.value) ? this.link(f.value, ttl, now) : f?.value;
        fields.set(name, { value, displayValue: f?.displayValue ?? null });
      }
      if (!cur || incoming > cached) {
        const refetch = new Set<string>();
        if (cur) for (const name of cur.fields.keys()) if (!fields.has(name)) refetch.add(name);
        for (const name of cur?.refetch ?? []) if (!fields.has(name)) refetch.add(name);
        this.records.set(id, { meta, fields, absent: new Set(), refetch, expiresAt: now + ttl });
      } else {
        for (const [name, f] of fields) {
          cur.fields.set(name, f);
          cur.refetch.delete(name);
          cur.absent.delete(name);
        }
        cur.meta = { ...cur.meta, ...meta };
        cur.expiresAt = now + ttl;
      }
      // A record that answers is no longer a cached not-found.
      this.entries.delete(recordErrorKey(id));
      this.changed();
      return true;
    });
  }

  private link(rep: RecordRep, ttl: number, now: number): Ref {
    this.putRecord(rep, ttl, now);
    return { __ref: rep.id, __paths: fieldPaths(rep) };
  }

  /** Remembers optionalFields the server did not send, so that they count as known. */
  markAbsent(id: string, names: string[]): void {
    const rec = this.records.get(id);
    if (!rec) return;
    for (const n of names) if (!rec.fields.has(n)) rec.absent.add(n);
  }

  /** Fields of a record to ask for again (a newer copy lacked them). */
  refetchFields(id: string): string[] {
    const rec = this.records.get(id);
    return rec ? [...rec.refetch].map((f) => `${rec.meta.apiName}.${f}`) : [];
  }

  hasRecord(id: string): boolean {
    return this.records.has(id);
  }

  evictRecord(id: string): void {
    if (this.records.delete(id)) this.changed();
  }

  /** Marks records as expired now (notify-change): their readers see Stale and fetch again. */
  expireRecords(ids: string[], now: number): void {
    this.batch(() => {
      for (const id of ids) {
        const rec = this.records.get(id);
        if (rec && rec.expiresAt > now) {
          rec.expiresAt = now;
          this.changed();
        }
      }
    });
  }

  /** Stores a response under key; records inside it go to the record table and stay there as references. */
  putEntry(key: string, data: unknown, ttl: number, now: number, recordTtl: number): void {
    this.batch(() => {
      this.entries.set(key, { data: this.normalise(data, recordTtl, now), expiresAt: now + ttl });
      this.changed();
    });
  }

  /** Stores a failed answer under key (the engine calls it for 404s only). */
  putError(key: string, error: DataError, ttl: number, now: number): void {
    this.entries.set(key, { error, expiresAt: now + ttl });
    this.changed();
  }

  evictEntry(key: string): void {
    if (this.entries.delete(key)) this.changed();
  }

  /** Evicts every entry whose key passes the test (all pages of a list). */
  evictEntries(test: (key: string) => boolean): void {
    this.batch(() => {
      for (const key of [...this.entries.keys()]) if (test(key)) this.evictEntry(key);
    });
  }

  private normalise(v: unknown, ttl: number, now: number): unknown {
    if (Array.isArray(v)) return v.map((x) => this.normalise(x, ttl, now));
    if (isRecordRep(v)) return this.link(v, ttl, now);
    if (typeof v !== 'object' || v === null) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = this.normalise(x, ttl, now);
    return out;
  }

  /** Reads an entry back with its records filled in from the record table. */
  readEntry<T>(key: string): CacheRead<T> | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.error) return { error: e.error, missing: false, expiresAt: e.expiresAt };
    const acc = { missing: false, expiresAt: e.expiresAt };
    const data = this.denormalise(e.data, acc) as T;
    return { data, ...acc };
  }

  readError(key: string): Entry | undefined {
    const e = this.entries.get(key);
    return e?.error ? e : undefined;
  }

  private denormalise(v: unknown, acc: { missing: boolean; expiresAt: number }): unknown {
    if (Array.isArray(v)) return v.map((x) => this.denormalise(x, acc));
    if (isRef(v)) {
      const r = this.readRecord(v.__ref, v.__paths, []);
      acc.missing ||= r.missing;
      acc.expiresAt = Math.min(acc.expiresAt, r.expiresAt);
      return r.data ?? null;
    }
    if (typeof v !== 'object' || v === null) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = this.denormalise(x, acc);
    return out;
  }

  /**
   * Reads a record with the given field paths (relative to the record: 'Name', 'Owner.Name'). A path that is not
   * cached makes the read missing, except an optional path the server already left out. With no paths at all every
   * cached field is returned (a record asked for by layout). Nested records follow the same rules.
   */
  readRecord(id: string, paths: string[], optionalPaths: string[], all = paths.length === 0 && optionalPaths.length === 0): CacheRead<RecordRep> {
    const rec = this.records.get(id);
    if (!rec) return { missing: true, expiresAt: -Infinity };
    const acc = { missing: false, expiresAt: rec.expiresAt };
    const fields: Record<string, FieldValue> = {};
    const groups = new Map<string, { paths: string[]; optional: string[]; required: boolean }>();
    const add = (p: string, optional: boolean) => {
      const dot = p.indexOf('.');
      const head = dot < 0 ? p : p.slice(0, dot);
      const g = groups.get(head) ?? { paths: [], optional: [], required: false };
      if (dot >= 0) (optional ? g.optional : g.paths).push(p.slice(dot + 1));
      g.required ||= !optional;
      groups.set(head, g);
    };
    if (all) for (const name of rec.fields.keys()) add(name, false);
    for (const p of paths) add(p, false);
    for (const p of optionalPaths) add(p, true);
    for (const [head, g] of groups) {
      const f = rec.fields.get(head);
      if (!f) {
        if (!rec.absent.has(head)) acc.missing = true;
        continue;
      }
      if (isRef(f.value)) {
        const nested = this.readRecord(f.value.__ref, g.paths, g.optional, g.paths.length === 0 && g.optional.length === 0);
        // A nested record only reached through optional paths may be partial without making this read missing.
        if (g.required) acc.missing ||= nested.missing;
        acc.expiresAt = Math.min(acc.expiresAt, nested.expiresAt);
        fields[head] = { displayValue: f.displayValue, value: nested.data ?? null };
      } else {
        fields[head] = f;
      }
    }
    return { data: { ...rec.meta, fields } as RecordRep, ...acc };
  }

  /** Empties the store (sign-out, tests). */
  clear(): void {
    this.records.clear();
    this.entries.clear();
    this.changed();
  }
}

/** The entry key under which a record's not-found answer is cached. */
export function recordErrorKey(id: string): string {
  return `record-error:${id}`;
}
