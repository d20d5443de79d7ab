// Config checks shared by the adapters (spec/data-layer.md section 5). A check that fails throws InvalidConfig;
// the engine turns it into the 400 INVALID_CONFIG snapshot for reads, and writes rethrow their own message.

import { MAX_FIELD_DEPTH } from './store';

export class InvalidConfig extends Error {
  constructor(message = 'INVALID_CONFIG') {
    super(message);
    this.name = 'InvalidConfig';
  }
}

export function fail(message?: string): never {
  throw new InvalidConfig(message);
}

const ID_SUFFIX = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

/** Record ids of 15 characters become 18 (the case-safe suffix); other lengths are left alone (section 5). */
export function to18(id: string): string {
  if (id.length !== 15) return id;
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk++) {
    let bits = 0;
    for (let i = 0; i < 5; i++) {
      const c = id.charCodeAt(chunk * 5 + i);
      if (c >= 65 && c <= 90) bits |= 1 << i;
    }
    suffix += ID_SUFFIX[bits];
  }
  return id + suffix;
}

const ID_PATTERN = /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/;

export function recordId(v: unknown): string {
  if (typeof v !== 'string' || !ID_PATTERN.test(v)) fail();
  return to18(v);
}

export function optRecordId(v: unknown): string | undefined {
  return v === undefined || v === null ? undefined : recordId(v);
}

export function str(v: unknown): string {
  if (typeof v !== 'string' || v === '') fail();
  return v;
}

export function optStr(v: unknown): string | undefined {
  return v === undefined || v === null ? undefined : str(v);
}

/** A string or an array of strings (LWC accepts both), as a non-empty array. */
export function strList(v: unknown): string[] {
  const list = typeof v === 'string' ? [v] : v;
  if (!Array.isArray(list) || list.length === 0 || !list.every((x) => typeof x === 'string' && x !== '')) fail();
  return list as string[];
}

export function optStrList(v: unknown): string[] | undefined {
  return v === undefined || v === null ? undefined : strList(v);
}

export function optInt(v: unknown): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v)) fail();
  return v;
}

export function optBool(v: unknown): boolean | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') fail();
  return v;
}

export function object(v: unknown): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail();
  return v as Record<string, unknown>;
}

/** An object API name, as a string or LWC's ObjectId ({ objectApiName }). */
export function objectName(v: unknown): string {
  return typeof v === 'object' && v !== null ? str((v as { objectApiName?: unknown }).objectApiName) : str(v);
}

/**
 * A field path 'Account.Owner.Name', as a string or LWC's FieldId ({ objectApiName, fieldApiName }).
 * At most 6 levels below the object.
 */
export function fieldPath(v: unknown): string {
  const path =
    typeof v === 'object' && v !== null
      ? `${str((v as { objectApiName?: unknown }).objectApiName)}.${str((v as { fieldApiName?: unknown }).fieldApiName)}`
      : str(v);
  const parts = path.split('.');
  if (parts.length < 2 || parts.length - 1 > MAX_FIELD_DEPTH || parts.some((p) => p === '')) fail();
  return path;
}

export function optFieldPaths(v: unknown): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  const list = Array.isArray(v) ? v : [v];
  return list.map(fieldPath);
}

/** Rejects config keys an adapter does not support (record UI: formFactor, childRelationships...). */
export function unsupported(c: Record<string, unknown>, keys: string[]): void {
  for (const k of keys) if (c[k] !== undefined) fail();
}
