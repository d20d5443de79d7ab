// Record avatars (spec/data-layer.md sections 7, 8 and 9): GET record-avatars/batch/{recordIds}. The batch answer
// lives 5 minutes, a 404 of the batch an hour; each record's avatar in it is also kept on its own for an hour (an
// item's 400 or 404 as long), so a later batch of records already seen (the record page's header after the list) is
// answered from the cache. Equal requests in flight share one fetch (the engine's rule).

import type { Adapter, NetworkRequest } from './engine';
import { LIFETIMES } from './lifetimes';
import type { Store } from './store';
import { object, optStr, recordId, strList } from './validate';

export interface ThemeAvatar {
  recordId: string;
  type: 'Theme';
  backgroundColor: string | null;
  iconUrl: string | null;
}

export interface PhotoAvatar {
  recordId: string;
  type: 'Photo';
  backgroundColor: string | null;
  photoUrl: string;
}

export type RecordAvatar = ThemeAvatar | PhotoAvatar;

/** One record's item of the batch: 200 with its avatar, 400 or 404 with [{errorCode, message}]. */
export interface AvatarItem {
  statusCode: number;
  result: RecordAvatar | { errorCode: string; message: string }[];
}

export interface AvatarBatch {
  hasErrors: boolean;
  results: AvatarItem[];
}

const PREFIX = 'record-avatars/batch/';

const idsOf = (req: NetworkRequest) => req.path.slice(PREFIX.length).split(',');
const itemKey = (req: NetworkRequest, id: string) => `getRecordAvatar:${id}:${String(req.query?.formFactor ?? '')}`;

export const getRecordAvatars: Adapter<NetworkRequest, AvatarBatch> = {
  name: 'getRecordAvatars',
  type: 'avatarBatch',
  errorType: 'avatarBatchError',
  validate: (raw) => {
    const c = object(raw);
    return { method: 'GET', path: PREFIX + strList(c.recordIds).map(recordId).join(','), query: { formFactor: optStr(c.formFactor) } };
  },
  key: (req) => `getRecordAvatars:${JSON.stringify(req)}`,
  request: (req) => req,
  ingest(store: Store, req, body, now) {
    const batch = body as AvatarBatch;
    idsOf(req).forEach((id, i) => {
      const item = batch.results?.[i];
      if (item) store.putEntry(itemKey(req, id), item, item.statusCode === 200 ? LIFETIMES.recordAvatars : LIFETIMES.avatarBatchError, now, LIFETIMES.record);
    });
    store.putEntry(getRecordAvatars.key(req), batch, LIFETIMES.avatarBatch, now, LIFETIMES.record);
  },
  /** The batch as answered; else one made of the records' own avatars when every one is cached. */
  lookup(store, req) {
    const whole = store.readEntry<AvatarBatch>(getRecordAvatars.key(req));
    if (whole) return whole;
    const items = idsOf(req).map((id) => store.readEntry<AvatarItem>(itemKey(req, id)));
    if (items.some((it) => !it?.data)) return undefined;
    const results = items.map((it) => it!.data!);
    return {
      data: { hasErrors: results.some((r) => r.statusCode !== 200), results },
      missing: false,
      expiresAt: Math.min(...items.map((it) => it!.expiresAt)),
    };
  },
};
