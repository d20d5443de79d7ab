import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataLayer, DataLayerProvider } from '../data/records';
import { jsonResponse, rec, uiApiServer } from '../data/records/testing';
import type { FieldInfo } from './fields';
import { RecordForm } from './RecordForm';
import type { FormLayout } from './recordForm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LEAD = '00Qxx0000001AAAAA1';
const fields: Record<string, FieldInfo> = {
  LastName: { apiName: 'LastName', label: 'Last Name', dataType: 'String', createable: true, required: true },
  Email: { apiName: 'Email', label: 'Email', dataType: 'Email', createable: true },
};
const item = (apiName: string) => ({ label: fields[apiName].label, editableForNew: true, editableForUpdate: true, layoutComponents: [{ apiName, componentType: 'Field' }] });
const layout: FormLayout = { sections: [{ id: 's', heading: 'Lead', useHeading: false, layoutRows: [{ layoutItems: [item('LastName'), item('Email')] }] }] };

function mount(save: (values: Record<string, unknown>, allow: boolean) => Promise<void>) {
  render(
    <MemoryRouter>
      <DataLayerProvider layer={new DataLayer()}>
        <RecordForm idPrefix="t" objectApiName="Lead" recordTypeId="012000000000000AAA" mode="Create" layout={layout} fields={fields} initial={{}} checkDuplicates save={save} onCancel={() => undefined} />
      </DataLayerProvider>
    </MemoryRouter>,
  );
}

describe('RecordForm duplicate warnings', () => {
  it('shows the matches predupe finds instead of saving, and Save anyway saves with allowSaveOnDuplicate', async () => {
    const calls = uiApiServer((c) => {
      if (c.path === 'predupe') return jsonResponse({ allowSave: true, matches: [{ objectApiName: 'Lead', recordIds: [LEAD] }] });
      if (c.path === `records/${LEAD}`) return jsonResponse(rec(LEAD, { Name: 'Jordan Reyes' }, 1, 'Lead'));
      return undefined;
    });
    const save = vi.fn(async () => undefined);
    mount(save);
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: 'Reyes' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jordan@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const link = await screen.findByRole('link', { name: /Jordan Reyes/ });
    expect(link.getAttribute('href')).toBe(`/console/r/Lead/${LEAD}`);
    expect(screen.getByRole('alert').textContent).toContain('This record looks like an existing record.');
    expect(calls.find((c) => c.path === 'predupe')?.body).toEqual({ apiName: 'Lead', fields: { LastName: 'Reyes', Email: 'jordan@example.com' } });
    expect(save).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await vi.waitFor(() => expect(save).toHaveBeenCalledWith({ LastName: 'Reyes', Email: 'jordan@example.com' }, true));
    expect(calls.filter((c) => c.path === 'predupe')).toHaveLength(1);
  });

  it("shows a Block rule's refusal without Save anyway, and field errors beside their inputs", async () => {
    uiApiServer((c) => (c.path === 'predupe' ? jsonResponse({ allowSave: true, matches: [] }) : undefined));
    const refusal = { body: { output: { errors: [{ errorCode: 'DUPLICATES_DETECTED', duplicateRecordError: { matchResults: [{ apiName: 'Lead', matchRecordIds: [LEAD], isAllowSave: false }] } }] } } };
    const save = vi.fn().mockRejectedValueOnce(refusal).mockRejectedValueOnce({ body: { message: 'Check the fields.', output: { errors: [], fieldErrors: { Email: [{ message: 'Bad email.' }] } } } });
    mount(save);
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: 'Reyes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('A duplicate rule blocks saving it.');
    expect(screen.queryByRole('button', { name: 'Save anyway' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Bad email.');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Check the fields.');
  });
});
