import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataLayer } from './engine';
import { DataLayerProvider, useRecord, useRecordWrites } from './hooks';
import { ACC1, jsonResponse, rec, uiApiServer } from './testing';
import { notifyRecordUpdateAvailable } from './writes';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function AccountName({ recordId }: { recordId?: string }) {
  const snap = useRecord(recordId === undefined ? undefined : { recordId, fields: ['Account.Name'] });
  const { updateRecord } = useRecordWrites();
  const name = snap.data?.fields.Name.value as string | undefined;
  return (
    <div>
      <p data-testid="state">
        {snap.state} {name ?? ''} {snap.error?.statusText ?? ''}
      </p>
      <button onClick={() => void updateRecord({ fields: { Id: ACC1, Name: `${name}!` } })}>rename</button>
    </div>
  );
}

function mount(ui: React.ReactNode, layer = new DataLayer()) {
  return render(<DataLayerProvider layer={layer}>{ui}</DataLayerProvider>);
}

const text = () => screen.getByTestId('state').textContent?.replace(/\s+/g, ' ').trim();

describe('React hooks over the data layer (useWire, named hooks, useRecordWrites)', () => {
  it('shows Pending, then the record, then the record as a write changed it', async () => {
    let version = 1;
    uiApiServer((c) => {
      if (c.method === 'PATCH') return jsonResponse(rec(ACC1, (c.body as { fields: Record<string, unknown> }).fields, ++version));
      return jsonResponse(rec(ACC1, { Name: 'Acme' }, version));
    });
    mount(<AccountName recordId={ACC1} />);
    expect(text()).toBe('Pending');
    await vi.waitFor(() => expect(text()).toBe('Fulfilled Acme'));
    await userEvent.click(screen.getByRole('button', { name: 'rename' }));
    await vi.waitFor(() => expect(text()).toBe('Fulfilled Acme!'));
  });

  it('shares one cache between components: the second reader needs no request', async () => {
    const calls = uiApiServer(() => jsonResponse(rec(ACC1, { Name: 'Acme' })));
    const layer = new DataLayer();
    const first = mount(<AccountName recordId={ACC1} />, layer);
    await vi.waitFor(() => expect(text()).toBe('Fulfilled Acme'));
    first.unmount();
    mount(<AccountName recordId={ACC1} />, layer);
    expect(text()).toBe('Fulfilled Acme');
    expect(calls).toHaveLength(1);
  });

  it('sends nothing while the config is not known, and shows INVALID_CONFIG for a bad one', async () => {
    const calls = uiApiServer(() => jsonResponse(rec(ACC1, { Name: 'Acme' })));
    const view = mount(<AccountName />);
    await act(async () => undefined);
    expect(text()).toBe('Pending');
    view.rerender(
      <DataLayerProvider layer={new DataLayer()}>
        <AccountName recordId="bad" />
      </DataLayerProvider>,
    );
    expect(text()).toBe('Error INVALID_CONFIG');
    expect(calls).toHaveLength(0);
  });

  it('stops watching once the component is unmounted: a notify-change then fetches nothing', async () => {
    const calls = uiApiServer(() => jsonResponse(rec(ACC1, { Name: 'Acme' })));
    const layer = new DataLayer();
    const view = mount(<AccountName recordId={ACC1} />, layer);
    await vi.waitFor(() => expect(text()).toBe('Fulfilled Acme'));
    view.unmount();
    await notifyRecordUpdateAvailable(layer, [{ recordId: ACC1 }]);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(1);
  });
});
