// Small helpers the console's pages share: reading UI API field values, refreshing a read after a write the data
// layer has no adapter for (preferences, layout user state), and the error messages of a failed save.

import { useCallback } from 'react';
import { useDataLayer, type Adapter, type DataError, type NetworkRequest, type RecordRep } from '../data/records';

/** The value shown for a field path ('Owner.Name' follows the nested record). */
export function displayOf(record: RecordRep | undefined, path: string): string {
  let cur: RecordRep | undefined = record;
  const parts = path.split('.');
  for (let i = 0; cur && i < parts.length; i++) {
    const f = cur.fields[parts[i]];
    if (!f) return '';
    if (i === parts.length - 1 || typeof f.value !== 'object' || f.value === null) {
      if (i < parts.length - 1) return f.displayValue ?? '';
      return f.displayValue ?? (f.value === null || f.value === undefined ? '' : String(f.value));
    }
    cur = f.value as RecordRep;
  }
  return '';
}

/**
 * The record's name: its Name field, else the first of the object's name fields; a record without one (a price book
 * entry, an inventory row, a junction) is named by the records it points at ("Standard Price Book · Widget"); else its id.
 */
export function nameOf(record: RecordRep | undefined, nameFields: string[] = ['Name']): string {
  if (!record) return '';
  for (const f of ['Name', ...nameFields]) {
    const v = displayOf(record, f);
    if (v) return v;
  }
  const parents = Object.values(record.fields)
    // Who owns, made or changed it (User) says nothing of what the record is.
    .filter((f) => f.value !== null && typeof f.value === 'object' && (f.value as RecordRep).apiName !== 'User' && f.displayValue)
    .map((f) => f.displayValue as string);
  return parents.length ? parents.join(' · ') : record.id;
}

type Reads = [Adapter<NetworkRequest, unknown>, unknown][];

/** Reads the given configs again from the network, so that every reader watching them sees the server's answer. */
export function useRefresh() {
  const layer = useDataLayer();
  return useCallback((reads: Reads) => Promise.all(reads.map(([adapter, config]) => layer.network(adapter, adapter.validate(config)))), [layer]);
}

/**
 * Sends a write the layer has no adapter for (list preferences, layout user state, the selected app) through it (its
 * session cookie and CSRF header), then refreshes the reads that show it.
 */
export function useWriteThenRefresh() {
  const layer = useDataLayer();
  const refresh = useRefresh();
  return useCallback(
    async (req: NetworkRequest, reads: Reads) => {
      const body = await layer.send(req);
      await refresh(reads);
      return body;
    },
    [layer, refresh],
  );
}

export interface SaveErrors {
  /** The message for the whole save. */
  message: string;
  /** Field API name -> messages, from the RecordError body's output.fieldErrors. */
  fields: Record<string, string[]>;
}

/** The messages of a failed write, from the UI API's error body (RecordError or a list of errors). */
export function saveErrors(err: unknown): SaveErrors {
  const body = (err as DataError | undefined)?.body as
    | { message?: string; output?: { errors?: { message: string }[]; fieldErrors?: Record<string, { message: string }[]> } }
    | { message?: string }[]
    | undefined;
  if (Array.isArray(body)) return { message: body.map((e) => e.message).filter(Boolean).join(' ') || 'The save failed.', fields: {} };
  const fields: Record<string, string[]> = {};
  for (const [name, list] of Object.entries(body?.output?.fieldErrors ?? {})) fields[name] = list.map((e) => e.message);
  const general = (body?.output?.errors ?? []).map((e) => e.message);
  const message = general.join(' ') || body?.message || (err instanceof Error ? err.message : 'The save failed.');
  return { message, fields };
}
