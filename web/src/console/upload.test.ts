import { describe, expect, it } from 'vitest';
import { failureMessage, formatSize, MAX_UPLOAD_BYTES, percentOf, refusal, uploadsReducer, type Upload } from './upload';

const started = uploadsReducer([], { type: 'start', id: 1, name: 'a.pdf', size: 2000 });

describe('uploadsReducer', () => {
  it('starts an upload at 0 of its size and moves with its progress', () => {
    expect(started).toEqual([{ id: 1, name: 'a.pdf', size: 2000, loaded: 0, status: 'uploading' }]);
    const half = uploadsReducer(started, { type: 'progress', id: 1, loaded: 1000 });
    expect(percentOf(half[0])).toBe(50);
    // Progress past the size (the form's framing) is capped at the whole file.
    expect(uploadsReducer(half, { type: 'progress', id: 1, loaded: 2500 })[0].loaded).toBe(2000);
  });

  it('ends done at 100%, failed with its message, or cancelled', () => {
    const done = uploadsReducer(started, { type: 'done', id: 1 });
    expect(done[0]).toMatchObject({ status: 'done', loaded: 2000 });
    expect(percentOf(done[0])).toBe(100);
    expect(uploadsReducer(started, { type: 'failed', id: 1, message: 'No.' })[0]).toMatchObject({ status: 'failed', message: 'No.' });
    expect(uploadsReducer(started, { type: 'cancelled', id: 1 })[0].status).toBe('cancelled');
  });

  it('leaves a finished upload as it ended, and other uploads alone', () => {
    const two = uploadsReducer(started, { type: 'start', id: 2, name: 'b.txt', size: 10 });
    const done = uploadsReducer(two, { type: 'done', id: 1 });
    expect(uploadsReducer(done, { type: 'cancelled', id: 1 })[0].status).toBe('done');
    expect(uploadsReducer(done, { type: 'progress', id: 1, loaded: 5 })[0].loaded).toBe(2000);
    expect(done[1]).toEqual(two[1]);
    expect(uploadsReducer(done, { type: 'dismiss', id: 1 }).map((u: Upload) => u.id)).toEqual([2]);
  });

  it('counts an empty file as all sent', () => {
    expect(percentOf({ id: 1, name: 'e.txt', size: 0, loaded: 0, status: 'uploading' })).toBe(100);
  });
});

describe('limits and messages', () => {
  it('refuses a file over the limit before sending it', () => {
    expect(refusal({ name: 'ok.pdf', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(refusal({ name: 'big.pdf', size: MAX_UPLOAD_BYTES + 1 })).toBe('The file is larger than the limit of 100.0 MB.');
  });

  it("shows the server's limit, its message, or the status", () => {
    expect(failureMessage(400, [{ errorCode: 'FILE_TOO_LARGE', message: 'The file is larger than the limit of 65536 bytes.' }])).toBe(
      'The file is larger than the limit of 64.0 KB.',
    );
    expect(failureMessage(400, [{ errorCode: 'INVALID_TYPE', message: "Files of type '.exe' may not be uploaded." }])).toBe(
      "Files of type '.exe' may not be uploaded.",
    );
    expect(failureMessage(500, null)).toBe('The upload failed (500).');
    expect(failureMessage(0, null)).toBe('The upload failed: the server could not be reached.');
  });

  it('formats sizes', () => {
    expect([formatSize(12), formatSize(2048), formatSize(3 * 1024 * 1024)]).toEqual(['12 B', '2.0 KB', '3.0 MB']);
  });
});
