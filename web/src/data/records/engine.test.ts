import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getObjectInfo, getRecord } from './adapters';
import { DataLayer, INVALID_CONFIG, ONLY_IF_CACHED_MISS, type Snapshot } from './engine';
import { ACC1, deferred, jsonResponse, rec, uiApiServer, type Reply, withFakeClock } from './testing';

const NAME = { recordId: ACC1, fields: ['Account.Name'] };
let layer: DataLayer;

withFakeClock();
beforeEach(() => {
  layer = new DataLayer();
});

/** A server whose account answers with the current name and version. */
function accountServer(state = { name: 'Acme', version: 1 }) {
  const calls = uiApiServer((c) => (c.path === `records/${ACC1}` ? jsonResponse(rec(ACC1, { Name: state.name }, state.version)) : undefined));
  return { calls, state };
}

async function emitted(run: (emit: (s: Snapshot<unknown>) => void) => Promise<void>) {
  const seen: Snapshot<unknown>[] = [];
  await run((s) => seen.push(s));
  return seen.map((s) => [s.state, (s.data as { fields?: { Name?: { value: unknown } } })?.fields?.Name?.value ?? null]);
}

describe('snapshot states Fulfilled, Unfulfilled, Error, Pending, Stale (section 4)', () => {
  it('is Pending while the first request is out, then Fulfilled', async () => {
    const answer = deferred<Response>();
    uiApiServer(() => answer.promise as Reply);
    const seen: string[] = [];
    const stop = layer.watch(getRecord, NAME, undefined, (s) => seen.push(s.state));
    expect(seen).toEqual(['Pending']);
    answer.resolve(jsonResponse(rec(ACC1, { Name: 'Acme' })));
    await vi.waitFor(() => expect(seen).toEqual(['Pending', 'Fulfilled']));
    stop();
  });

  it('is Stale with its data once the lifetime is over', async () => {
    accountServer();
    await layer.get(getRecord, NAME);
    vi.advanceTimersByTime(29_999);
    expect(layer.snapshot(getRecord, getRecord.validate(NAME)).state).toBe('Fulfilled');
    vi.advanceTimersByTime(1);
    const s = layer.snapshot(getRecord, getRecord.validate(NAME));
    expect(s.state).toBe('Stale');
    expect(s.data?.fields.Name.value).toBe('Acme');
  });

  it('is Unfulfilled, with what is cached, when a field asked for is not cached', async () => {
    accountServer();
    await layer.get(getRecord, NAME);
    const s = layer.snapshot(getRecord, getRecord.validate({ recordId: ACC1, fields: ['Account.Name', 'Account.Phone'] }));
    expect(s.state).toBe('Unfulfilled');
    expect(s.data?.fields).toEqual({ Name: { value: 'Acme', displayValue: null } });
  });

  it('is Error with the status, text and body of a failed answer', async () => {
    uiApiServer(() => jsonResponse([{ errorCode: 'INVALID_FIELD', message: 'No such column' }], { status: 400, statusText: 'Bad Request' }));
    const s = await layer.get(getRecord, NAME);
    expect(s).toEqual({ state: 'Error', error: { ok: false, status: 400, statusText: 'Bad Request', body: [{ errorCode: 'INVALID_FIELD', message: 'No such column' }] } });
  });
});

describe('cache policies (section 4; storefront section 8)', () => {
  it('cache-then-network (the default) answers from the cache while fresh and fetches once it is not', async () => {
    const { calls, state } = accountServer();
    expect(await emitted((e) => layer.run(getRecord, NAME, undefined, e))).toEqual([['Pending', null], ['Fulfilled', 'Acme']]);
    state.name = 'Acme 2';
    state.version = 2;
    expect(await emitted((e) => layer.run(getRecord, NAME, undefined, e))).toEqual([['Fulfilled', 'Acme']]);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(30_000);
    expect(await emitted((e) => layer.run(getRecord, NAME, { type: 'cache-then-network' }, e))).toEqual([['Fulfilled', 'Acme 2']]);
    expect(calls).toHaveLength(2);
  });

  it('cache-and-network answers from the cache and then from the network', async () => {
    const { calls, state } = accountServer();
    await layer.get(getRecord, NAME);
    state.name = 'Acme 2';
    state.version = 2;
    expect(await emitted((e) => layer.run(getRecord, NAME, { type: 'cache-and-network' }, e))).toEqual([
      ['Fulfilled', 'Acme'],
      ['Fulfilled', 'Acme 2'],
    ]);
    expect(calls).toHaveLength(2);
  });

  it('stale-while-revalidate answers stale data within the stale duration and revalidates', async () => {
    const { calls, state } = accountServer();
    const swr = { type: 'stale-while-revalidate', staleDurationSeconds: 60 } as const;
    await layer.get(getRecord, NAME);
    expect(await emitted((e) => layer.run(getRecord, NAME, swr, e))).toEqual([['Fulfilled', 'Acme']]);
    expect(calls).toHaveLength(1);
    state.name = 'Acme 2';
    state.version = 2;
    vi.advanceTimersByTime(30_000 + 59_999); // expired just under 60 s ago: within the stale duration
    expect(await emitted((e) => layer.run(getRecord, NAME, swr, e))).toEqual([
      ['Stale', 'Acme'],
      ['Fulfilled', 'Acme 2'],
    ]);
    state.name = 'Acme 3';
    state.version = 3;
    vi.advanceTimersByTime(30_000 + 60_000); // expired 60 s ago: the stale copy is not offered
    expect(await emitted((e) => layer.run(getRecord, NAME, swr, e))).toEqual([['Fulfilled', 'Acme 3']]);
    expect(calls).toHaveLength(3);
  });

  it('no-cache always fetches, and still stores what it got', async () => {
    const { calls } = accountServer();
    await layer.get(getRecord, NAME, { type: 'no-cache' });
    await layer.get(getRecord, NAME, { type: 'no-cache' });
    expect(calls).toHaveLength(2);
    expect((await layer.get(getRecord, NAME, { type: 'only-if-cached' })).state).toBe('Fulfilled');
  });

  it('only-if-cached never fetches: a miss is the synthetic 504 with the spec message', async () => {
    const { calls } = accountServer();
    const miss = await layer.get(getRecord, NAME, { type: 'only-if-cached' });
    expect(miss).toEqual({ state: 'Error', error: ONLY_IF_CACHED_MISS });
    expect(miss.error).toEqual({
      ok: false,
      status: 504,
      statusText: 'Gateway Timeout',
      body: { message: 'Data requested with only-if-cached policy and not found in the cache.' },
    });
    expect(calls).toHaveLength(0);
    await layer.get(getRecord, NAME);
    vi.advanceTimersByTime(31_000);
    const stale = await layer.get(getRecord, NAME, { type: 'only-if-cached' });
    expect([stale.state, stale.data?.fields.Name.value]).toEqual(['Stale', 'Acme']);
    expect(calls).toHaveLength(1);
  });

  it('valid-at takes cached data that was fresh at the timestamp, and fetches otherwise', async () => {
    const { calls } = accountServer();
    const fetchedAt = Date.now();
    await layer.get(getRecord, NAME);
    vi.advanceTimersByTime(60_000);
    expect((await layer.get(getRecord, NAME, { type: 'valid-at', timestamp: fetchedAt + 10_000 })).state).toBe('Fulfilled');
    expect(calls).toHaveLength(1);
    expect((await layer.get(getRecord, NAME, { type: 'valid-at', timestamp: fetchedAt + 30_000 })).state).toBe('Fulfilled');
    expect(calls).toHaveLength(2);
  });
});

describe('a reader is never left Pending', () => {
  it('turns a failure with no HTTP answer (an aborted fetch) into an Error snapshot', async () => {
    uiApiServer(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')));
    const seen: Snapshot<unknown>[] = [];
    const stop = layer.watch(getRecord, NAME, undefined, (s) => seen.push(s));
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ state: 'Error', error: { ok: false, status: 0, statusText: 'The operation was aborted.' } }));
    stop();
  });
});

describe('in-flight requests are shared', () => {
  it('sends one request for equal reads made while it is out, and answers both', async () => {
    const answer = deferred<Response>();
    const calls = uiApiServer(() => answer.promise as Reply);
    const a = layer.get(getRecord, NAME);
    const b = layer.get(getRecord, { recordId: ACC1, fields: 'Account.Name' });
    answer.resolve(jsonResponse(rec(ACC1, { Name: 'Acme' })));
    expect((await a).data?.fields.Name.value).toBe('Acme');
    expect((await b).data?.fields.Name.value).toBe('Acme');
    expect(calls).toHaveLength(1);
  });

  it('sends a new request once the first has answered, and another for a different request', async () => {
    const { calls } = accountServer();
    await Promise.all([layer.get(getRecord, NAME, { type: 'no-cache' }), layer.get(getRecord, { recordId: ACC1, fields: ['Account.Phone'] })]);
    expect(calls).toHaveLength(2);
    await layer.get(getRecord, NAME, { type: 'no-cache' });
    expect(calls).toHaveLength(3);
  });
});

describe('only a 404 is cached as an error (section 8)', () => {
  it('remembers a 404 for the item lifetime, then asks again', async () => {
    const calls = uiApiServer(() => undefined);
    const first = await layer.get(getRecord, NAME);
    expect([first.state, first.error?.status]).toEqual(['Error', 404]);
    const again = await layer.get(getRecord, { recordId: ACC1, fields: ['Account.Phone'] });
    expect([again.state, again.error?.status]).toEqual(['Error', 404]);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(30_000);
    await layer.get(getRecord, NAME);
    expect(calls).toHaveLength(2);
  });

  it('remembers a 404 of object info for 15 minutes', async () => {
    const calls = uiApiServer(() => undefined);
    await layer.get(getObjectInfo, { objectApiName: 'Nope__c' });
    vi.advanceTimersByTime(15 * 60_000 - 1);
    expect((await layer.get(getObjectInfo, { objectApiName: 'Nope__c' })).error?.status).toBe(404);
    expect(calls).toHaveLength(1);
  });

  it('does not remember a 500, a 403 or a network failure', async () => {
    let status = 500;
    const calls = uiApiServer(() => {
      if (status === 0) return Promise.reject(new TypeError('Failed to fetch'));
      return jsonResponse([{ errorCode: 'X', message: 'x' }], { status });
    });
    for (const s of [500, 403, 0]) {
      status = s;
      const snap = await layer.get(getRecord, NAME);
      expect([snap.state, snap.error?.status]).toEqual(['Error', s]);
    }
    expect(calls).toHaveLength(3);
  });

  it('forgets a cached 404 when the record arrives by another read', async () => {
    let exists = false;
    uiApiServer((c) => (exists && c.path.startsWith('records/') ? jsonResponse(rec(ACC1, { Name: 'Acme', Phone: '1' })) : undefined));
    await layer.get(getRecord, NAME);
    exists = true;
    await layer.get(getRecord, NAME, { type: 'no-cache' });
    expect((await layer.get(getRecord, NAME, { type: 'only-if-cached' })).state).toBe('Fulfilled');
  });
});

describe('an invalid config answers 400 INVALID_CONFIG and sends nothing (section 5; storefront section 8)', () => {
  it.each([
    ['no fields, optionalFields or layoutTypes', { recordId: ACC1 }],
    ['a record id of the wrong length', { recordId: '001xx', fields: ['Account.Name'] }],
    ['a field that is not Object.Field', { recordId: ACC1, fields: ['Name'] }],
    ['a field path deeper than 6 levels', { recordId: ACC1, fields: ['Account.A.B.C.D.E.F.Name'] }],
    ['no config at all', undefined],
  ])('getRecord with %s', async (_, config) => {
    const calls = uiApiServer(() => undefined);
    const seen: Snapshot<unknown>[] = [];
    const stop = layer.watch(getRecord, config, undefined, (s) => seen.push(s));
    expect(seen).toEqual([{ state: 'Error', error: INVALID_CONFIG }]);
    expect(await layer.get(getRecord, config)).toEqual({ state: 'Error', error: { ok: false, status: 400, statusText: 'INVALID_CONFIG' } });
    expect(seen[0].data).toBeUndefined();
    expect(calls).toHaveLength(0);
    stop();
  });

  it('accepts a path of exactly 6 levels', async () => {
    uiApiServer(() => jsonResponse(rec(ACC1, {})));
    expect((await layer.get(getRecord, { recordId: ACC1, optionalFields: ['Account.A.B.C.D.E.Name'] })).error).toBeUndefined();
  });
});
