import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataLayer, DataLayerProvider } from '../data/records';
import { ACC1, ACC2, jsonResponse, rec, uiApiServer } from '../data/records/testing';
import type { FieldInfo } from './fields';
import { Lookup } from './Lookup';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const accountId: FieldInfo = { apiName: 'AccountId', label: 'Account Name', dataType: 'Reference', referenceToInfos: [{ apiName: 'Account', nameFields: ['Name'] }] };

function Form() {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <label htmlFor="acc">Account Name</label>
      <Lookup id="acc" field={accountId} objectApiName="Contact" value={value} onChange={(v) => setValue(v as string | null)} />
      <output data-testid="value">{value ?? 'none'}</output>
    </>
  );
}

describe('Lookup', () => {
  it('searches the typed text once typing pauses, and keeps the id of the option chosen by keyboard', async () => {
    const calls = uiApiServer((c) =>
      c.path === 'lookups/Contact/AccountId/Account'
        ? jsonResponse({ count: 2, records: [rec(ACC1, { Name: 'Northwind Harbor' }), rec(ACC2, { Name: 'Northwind Riverside' })] })
        : undefined,
    );
    render(
      <MemoryRouter>
        <DataLayerProvider layer={new DataLayer()}>
          <Form />
        </DataLayerProvider>
      </MemoryRouter>,
    );
    const box = screen.getByRole('combobox', { name: 'Account Name' });
    fireEvent.change(box, { target: { value: 'Nor' } });
    fireEvent.change(box, { target: { value: 'North' } });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    await screen.findByRole('option', { name: 'Northwind Riverside' });
    // One search, for the text as it stood when typing paused.
    expect(calls.map((c) => c.query.get('q'))).toEqual(['North']);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const active = screen.getByRole('option', { selected: true });
    expect(active.textContent).toBe('Northwind Riverside');
    expect(box.getAttribute('aria-activedescendant')).toBe(active.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe(ACC2);
    expect((box as HTMLInputElement).value).toBe('Northwind Riverside');
    expect(box.getAttribute('aria-expanded')).toBe('false');

    // Escape closes an open list without choosing; typing again clears the chosen id.
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(box, { target: { value: 'Zed' } });
    expect(screen.getByTestId('value').textContent).toBe('none');
  });
});
