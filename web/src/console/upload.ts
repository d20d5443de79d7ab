// Uploading files to a record (POST ui-api/records/content-documents/content-versions, multipart): one
// XMLHttpRequest per file, since fetch reports no upload progress, with the session cookie and the CSRF header the
// data layer's requests carry. The upload's state per file is a small reducer, so the Files list shows progress,
// errors and cancel the same way for every file.

import { CSRF_COOKIE, CSRF_HEADER, readCookie } from '../data/http';
import { uiApiPath } from '../data/records';

/**
 * The largest file the console sends: the server's default limit (files.DefaultMaxSize, 100 MiB). A server
 * configured lower (STOREFRONT_MAX_UPLOAD_BYTES) answers FILE_TOO_LARGE with its limit, shown as well.
 */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export type UploadStatus = 'uploading' | 'done' | 'failed' | 'cancelled';

export interface Upload {
  id: number;
  name: string;
  size: number;
  loaded: number;
  status: UploadStatus;
  /** Why it failed. */
  message?: string;
}

export type UploadEvent =
  | { type: 'start'; id: number; name: string; size: number }
  | { type: 'progress'; id: number; loaded: number }
  | { type: 'done'; id: number }
  | { type: 'failed'; id: number; message: string }
  | { type: 'cancelled'; id: number }
  | { type: 'dismiss'; id: number };

export function uploadsReducer(uploads: Upload[], e: UploadEvent): Upload[] {
  if (e.type === 'start') return [...uploads, { id: e.id, name: e.name, size: e.size, loaded: 0, status: 'uploading' }];
  if (e.type === 'dismiss') return uploads.filter((u) => u.id !== e.id);
  return uploads.map((u) => {
    // A finished upload stays as it ended: a late progress event or a cancel after the answer changes nothing.
    if (u.id !== e.id || u.status !== 'uploading') return u;
    switch (e.type) {
      case 'progress':
        return { ...u, loaded: Math.min(e.loaded, u.size) };
      case 'done':
        return { ...u, loaded: u.size, status: 'done' };
      case 'failed':
        return { ...u, status: 'failed', message: e.message };
      case 'cancelled':
        return { ...u, status: 'cancelled' };
    }
  });
}

/** The percentage of an upload sent, 0 to 100 (an empty file is all sent). */
export function percentOf(u: Upload): number {
  return u.size ? Math.floor((u.loaded / u.size) * 100) : 100;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why a file is not sent at all, or null: over the limit. */
export function refusal(file: { name: string; size: number }): string | null {
  return file.size > MAX_UPLOAD_BYTES ? tooLarge(MAX_UPLOAD_BYTES) : null;
}

const tooLarge = (limit: number) => `The file is larger than the limit of ${formatSize(limit)}.`;

/** The message of a failed upload's answer: the API's error body ([{errorCode, message}]), else its status. */
export function failureMessage(status: number, body: unknown): string {
  const first = Array.isArray(body) ? (body[0] as { errorCode?: string; message?: string } | undefined) : undefined;
  const limit = first?.errorCode === 'FILE_TOO_LARGE' ? /(\d+) bytes/.exec(first.message ?? '')?.[1] : undefined;
  if (limit) return tooLarge(Number(limit));
  if (first?.message) return first.message;
  if (status === 0) return 'The upload failed: the server could not be reached.';
  return `The upload failed (${status}).`;
}

export interface UploadHandlers {
  onProgress(loaded: number): void;
  onDone(): void;
  onFailed(message: string): void;
}

/**
 * Sends one file as a new document linked to the record (firstPublishLocationId). Returns the function that
 * cancels it.
 */
export function sendFile(file: File, recordId: string, on: UploadHandlers): () => void {
  const xhr = new XMLHttpRequest();
  const form = new FormData();
  form.append('firstPublishLocationId', recordId);
  form.append('fileData', file, file.name);
  xhr.open('POST', uiApiPath('records/content-documents/content-versions'));
  xhr.setRequestHeader('Accept', 'application/json');
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
  xhr.responseType = 'json';
  // The body is the file plus the form's framing: progress is the share of it sent, in the file's bytes.
  xhr.upload.onprogress = (e) => on.onProgress(e.lengthComputable && e.total ? Math.round((e.loaded / e.total) * file.size) : 0);
  xhr.onload = () => (xhr.status === 201 ? on.onDone() : on.onFailed(failureMessage(xhr.status, xhr.response)));
  xhr.onerror = () => on.onFailed(failureMessage(0, null));
  xhr.send(form);
  return () => xhr.abort();
}
