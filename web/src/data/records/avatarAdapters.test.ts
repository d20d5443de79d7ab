import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getRecordAvatars } from './avatarAdapters';
import { DataLayer } from './engine';
import { ACC1, ACC2, deferred, jsonResponse, uiApiServer, withFakeClock } from './testing';

let layer: DataLayer;

withFakeClock();
beforeEach(() => {
  layer = new DataLayer();
});

const MIN = 60_000;
const theme = (id: string) => ({ statusCode: 200, result: { recordId: id, type: 'Theme', backgroundColor: '7F8DE1', iconUrl: '/img/icon/t4v35/standard/account_120.png' } });
const missing = { statusCode: 404, result: [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }] };

/** A UI API answering each id of a batch with a Theme avatar, or a 404 item for ids in `gone`. */
function avatarServer(gone: string[] = []) {
  return uiApiServer((call) => {
    const ids = call.path.replace('record-avatars/batch/', '').split(',');
    return jsonResponse({ hasErrors: ids.some((id) => gone.includes(id)), results: ids.map((id) => (gone.includes(id) ? missing : theme(id))) });
  });
}

describe('getRecordAvatars', () => {
  it('asks for the batch of ids with the form factor', async () => {
    const calls = avatarServer();
    const snap = await layer.get(getRecordAvatars, { recordIds: [ACC1, ACC2], formFactor: 'Large' });
    expect(calls.map((c) => [c.path, c.query.get('formFactor')])).toEqual([[`record-avatars/batch/${ACC1},${ACC2}`, 'Large']]);
    expect(snap.state).toBe('Fulfilled');
    expect(snap.data?.results.map((r) => (r.result as { recordId: string }).recordId)).toEqual([ACC1, ACC2]);
  });

  it('does not send a request already in flight again', async () => {
    const answer = deferred<Response>();
    const calls = uiApiServer(() => answer.promise);
    const first = layer.get(getRecordAvatars, { recordIds: [ACC1] });
    const second = layer.get(getRecordAvatars, { recordIds: [ACC1] });
    answer.resolve(jsonResponse({ hasErrors: false, results: [theme(ACC1)] }));
    expect((await first).state).toBe('Fulfilled');
    expect((await second).state).toBe('Fulfilled');
    expect(calls).toHaveLength(1);
  });

  it('keeps the batch 5 minutes and each record avatar an hour, which another batch of them reuses', async () => {
    const calls = avatarServer();
    await layer.get(getRecordAvatars, { recordIds: [ACC1, ACC2] });
    vi.advanceTimersByTime(5 * MIN - 1);
    expect((await layer.get(getRecordAvatars, { recordIds: [ACC1, ACC2] })).state).toBe('Fulfilled');
    // The header's batch of one record already in the list's batch: no request.
    const one = await layer.get(getRecordAvatars, { recordIds: [ACC2] });
    expect(one.state).toBe('Fulfilled');
    expect(one.data?.results).toEqual([theme(ACC2)]);
    expect(calls).toHaveLength(1);

    vi.advanceTimersByTime(1);
    expect(layer.snapshot(getRecordAvatars, getRecordAvatars.validate({ recordIds: [ACC1, ACC2] })).state).toBe('Stale');
    expect(layer.snapshot(getRecordAvatars, getRecordAvatars.validate({ recordIds: [ACC1] })).state).toBe('Fulfilled');
    vi.advanceTimersByTime(55 * MIN);
    expect(layer.snapshot(getRecordAvatars, getRecordAvatars.validate({ recordIds: [ACC1] })).state).toBe('Stale');
  });

  it('remembers an item error for an hour', async () => {
    const calls = avatarServer([ACC2]);
    await layer.get(getRecordAvatars, { recordIds: [ACC1, ACC2] });
    vi.advanceTimersByTime(60 * MIN - 1);
    const snap = await layer.get(getRecordAvatars, { recordIds: [ACC2] });
    expect(snap).toMatchObject({ state: 'Fulfilled', data: { hasErrors: true, results: [missing] } });
    expect(calls).toHaveLength(1);
  });

  it('remembers a 404 of the batch for an hour', async () => {
    const calls = uiApiServer(() => undefined); // every call answered 404
    expect((await layer.get(getRecordAvatars, { recordIds: [ACC1] })).error?.status).toBe(404);
    vi.advanceTimersByTime(60 * MIN - 1);
    expect((await layer.get(getRecordAvatars, { recordIds: [ACC1] })).error?.status).toBe(404);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await layer.get(getRecordAvatars, { recordIds: [ACC1] });
    expect(calls).toHaveLength(2);
  });

  it('refuses a config without record ids', async () => {
    const calls = avatarServer();
    expect((await layer.get(getRecordAvatars, { recordIds: [] })).error?.statusText).toBe('INVALID_CONFIG');
    expect((await layer.get(getRecordAvatars, {})).error?.statusText).toBe('INVALID_CONFIG');
    expect(calls).toHaveLength(0);
  });
});
