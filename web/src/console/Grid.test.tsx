import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Grid, type Column } from './Grid';

const columns: Column[] = [
  { fieldApiName: 'Name', label: 'Name', sortable: true, width: -1, wrap: false },
  { fieldApiName: 'Phone', label: 'Phone', sortable: false, width: 200, wrap: true },
];
const rows = [
  { id: 'a1', cells: ['Acme', '555-1'] },
  { id: 'b2', cells: ['Beta', '555-2'] },
];

function setup() {
  const props = { onSort: vi.fn(), onOpen: vi.fn(), onResize: vi.fn(), onWrap: vi.fn() };
  render(<Grid label="Accounts" columns={columns} rows={rows} sort={{ fieldApiName: 'Name', isAscending: true }} {...props} />);
  return props;
}

describe('Grid', () => {
  it('has one tab stop and moves focus between cells with the arrow keys', () => {
    setup();
    const grid = screen.getByRole('grid', { name: 'Accounts' });
    const first = screen.getByRole('columnheader', { name: /Name/ });
    expect(grid.querySelectorAll('[data-cell][tabindex="0"]')).toHaveLength(1);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Acme');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('555-1');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('555-2');
    expect(grid.querySelectorAll('[data-cell][tabindex="0"]')).toHaveLength(1);
  });

  it('opens the row with Enter and sorts a sortable header with Enter', () => {
    const props = setup();
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    header.focus();
    fireEvent.keyDown(header, { key: 'Enter' });
    expect(props.onSort).toHaveBeenCalledWith('Name');
    fireEvent.keyDown(header, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(props.onOpen).toHaveBeenCalledWith('b2');
  });

  it('does not sort a column that is not sortable', () => {
    const props = setup();
    const phone = screen.getByRole('columnheader', { name: /Phone/ });
    phone.focus();
    fireEvent.keyDown(phone, { key: 'Enter' });
    expect(props.onSort).not.toHaveBeenCalled();
  });

  it('resizes a column with the arrow keys on its handle and reports the width to save', () => {
    const props = setup();
    const handle = screen.getByRole('separator', { name: 'Resize Phone' });
    expect(handle.getAttribute('aria-valuenow')).toBe('200');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(props.onResize).toHaveBeenCalledWith('Phone', 210);
    fireEvent.keyDown(handle, { key: 'ArrowLeft', shiftKey: true });
    expect(props.onResize).toHaveBeenLastCalledWith('Phone', 150);
  });

  it('toggles wrap per column and wraps its cells', () => {
    const props = setup();
    expect(screen.getByText('555-1').className).toBe('cs-wrapped');
    expect(screen.getByText('Acme').className).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Wrap text in Name' }));
    expect(props.onWrap).toHaveBeenCalledWith('Name', true);
  });
});
