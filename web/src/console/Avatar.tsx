// Record avatars: a Photo avatar shows the photo; a Theme avatar the object's icon on its background colour. Read
// through the data layer's getRecordAvatars (one batch per list page; the record page's header then finds its record
// in the cache). Every avatar here stands next to the record's name, so it is decorative (empty alt text).

import { sitePath } from '../data/config';
import { getRecordAvatars, useWire, type AvatarBatch, type RecordAvatar } from '../data/records';
import './media.css';

/** The avatars of the records, by id (none until the batch is read; a record without one is left out). */
export function useAvatars(recordIds: string[]): Record<string, RecordAvatar> {
  const snap = useWire(getRecordAvatars, recordIds.length ? { recordIds } : undefined);
  const out: Record<string, RecordAvatar> = {};
  for (const item of (snap.data as AvatarBatch | undefined)?.results ?? []) {
    if (item.statusCode === 200 && !Array.isArray(item.result)) out[item.result.recordId] = item.result;
  }
  return out;
}

/** A server path ('/img/...') is under the site's base path; an absolute URL is as given. */
const urlOf = (url: string) => (url.startsWith('/') ? sitePath(url) : url);

export function Avatar({ avatar, size = 'small' }: { avatar: RecordAvatar | undefined; size?: 'small' | 'large' }) {
  const className = `cs-avatar cs-avatar--${size}`;
  if (!avatar) return <span className={className} aria-hidden="true" />;
  if (avatar.type === 'Photo') return <img className={className} src={urlOf(avatar.photoUrl)} alt="" data-avatar="Photo" />;
  return (
    <span className={className} style={avatar.backgroundColor ? { background: `#${avatar.backgroundColor}` } : undefined} data-avatar="Theme">
      {avatar.iconUrl ? <img src={urlOf(avatar.iconUrl)} alt="" /> : null}
    </span>
  );
}

/** The avatar of one record (the record page's header). */
export function RecordAvatarOf({ recordId }: { recordId: string }) {
  return <Avatar avatar={useAvatars([recordId])[recordId]} size="large" />;
}
