// The list views' grid (WAI-ARIA grid pattern): one tab stop, arrow keys, Home/End and PageUp/PageDown move between
// cells, Enter on a row opens its record and on a header sorts by it. Columns are resized by dragging or with the
// arrow keys on their handle; the width is reported once the drag or key ends, to be saved as a list preference.

import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { AUTO_WIDTH, clampWidth, keyedWidth, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, moveCell, type Cell } from './grid';

export interface Column {
  fieldApiName: string;
  label: string;
  sortable: boolean;
  /** Pixels, or AUTO_WIDTH for the natural width. */
  width: number;
  wrap: boolean;
}

export interface GridProps {
  label: string;
  columns: Column[];
  rows: { id: string; cells: ReactNode[] }[];
  sort?: { fieldApiName: string; isAscending: boolean };
  onSort(fieldApiName: string): void;
  onOpen(id: string): void;
  onResize(fieldApiName: string, width: number): void;
  onWrap(fieldApiName: string, wrap: boolean): void;
}

export function Grid({ label, columns, rows, sort, onSort, onOpen, onResize, onWrap }: GridProps) {
  const [active, setActive] = useState<Cell>({ row: 0, col: 0 });
  const [dragging, setDragging] = useState<Record<string, number>>({});
  const table = useRef<HTMLTableElement>(null);
  // A column of natural width still has a size to announce on its resize handle (aria-valuenow): the measured one.
  const [measured, setMeasured] = useState<Record<string, number>>({});
  useLayoutEffect(() => {
    const ths = table.current?.querySelectorAll<HTMLElement>('thead th') ?? [];
    const next: Record<string, number> = {};
    ths.forEach((th, i) => columns[i] && (next[columns[i].fieldApiName] = clampWidth(th.getBoundingClientRect().width)));
    setMeasured((m) => (JSON.stringify(m) === JSON.stringify(next) ? m : next));
  }, [columns, rows.length]);
  const rowCount = rows.length + 1;
  const current = { row: Math.min(active.row, rowCount - 1), col: Math.min(active.col, columns.length - 1) };

  const focusCell = (cell: Cell) => {
    setActive(cell);
    table.current?.querySelector<HTMLElement>(`[data-cell="${cell.row}:${cell.col}"]`)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const cellAttr = (e.target as HTMLElement).dataset.cell;
    if (cellAttr === undefined) return; // keys on a resize handle are its own
    // The cell is the one the key was pressed in (focus may have moved there by a click).
    const [row, col] = cellAttr.split(':').map(Number);
    const at = { row, col };
    const next = moveCell(at, e.key, rowCount, columns.length);
    if (next) {
      e.preventDefault();
      focusCell(next);
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (at.row === 0) {
        if (columns[at.col]?.sortable) onSort(columns[at.col].fieldApiName);
      } else if (e.key === 'Enter') onOpen(rows[at.row - 1].id);
    }
  };

  const widthOf = (c: Column) => dragging[c.fieldApiName] ?? c.width;

  const startDrag = (c: Column, e: PointerEvent<HTMLSpanElement>) => {
    e.preventDefault();
    const th = (e.currentTarget.parentElement as HTMLElement).getBoundingClientRect();
    const startX = e.clientX;
    const start = th.width;
    let width = clampWidth(start);
    const move = (ev: globalThis.PointerEvent) => {
      width = clampWidth(start + ev.clientX - startX);
      setDragging((d) => ({ ...d, [c.fieldApiName]: width }));
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      setDragging((d) => {
        const { [c.fieldApiName]: _, ...rest } = d;
        return rest;
      });
      onResize(c.fieldApiName, width);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  const keyResize = (c: Column, e: KeyboardEvent<HTMLSpanElement>) => {
    const current = widthOf(c) === AUTO_WIDTH ? (measured[c.fieldApiName] ?? MIN_COLUMN_WIDTH) : widthOf(c);
    const next = keyedWidth(current, e.key, e.shiftKey);
    if (next === null) return;
    e.preventDefault();
    e.stopPropagation();
    onResize(c.fieldApiName, next);
  };

  const tab = (row: number, col: number) => (row === current.row && col === current.col ? 0 : -1);

  return (
    <table className="cs-grid" role="grid" aria-label={label} aria-rowcount={rowCount} ref={table} onKeyDown={onKeyDown}>
      <colgroup>
        {columns.map((c) => (
          <col key={c.fieldApiName} style={widthOf(c) === AUTO_WIDTH ? undefined : { width: `${widthOf(c)}px` }} />
        ))}
      </colgroup>
      <thead>
        <tr aria-rowindex={1}>
          {columns.map((c, i) => {
            const sorted = sort?.fieldApiName === c.fieldApiName;
            return (
              <th
                key={c.fieldApiName}
                scope="col"
                data-cell={`0:${i}`}
                tabIndex={tab(0, i)}
                aria-sort={sorted ? (sort.isAscending ? 'ascending' : 'descending') : 'none'}
                onFocus={() => setActive({ row: 0, col: i })}
              >
                <span className="cs-th">
                  {c.sortable ? (
                    <button type="button" tabIndex={-1} onClick={() => onSort(c.fieldApiName)}>
                      {c.label}
                      <span aria-hidden="true">{sorted ? (sort.isAscending ? ' ▲' : ' ▼') : ''}</span>
                    </button>
                  ) : (
                    c.label
                  )}
                  <button
                    type="button"
                    tabIndex={-1}
                    className="cs-wrap"
                    aria-pressed={c.wrap}
                    aria-label={`Wrap text in ${c.label}`}
                    title="Wrap text"
                    onClick={() => onWrap(c.fieldApiName, !c.wrap)}
                  >
                    ↵
                  </button>
                </span>
                <span
                  className="cs-resize"
                  role="separator"
                  aria-orientation="vertical"
                  aria-label={`Resize ${c.label}`}
                  aria-valuenow={widthOf(c) === AUTO_WIDTH ? (measured[c.fieldApiName] ?? MIN_COLUMN_WIDTH) : widthOf(c)}
                  aria-valuemin={MIN_COLUMN_WIDTH}
                  aria-valuemax={MAX_COLUMN_WIDTH}
                  tabIndex={0}
                  onPointerDown={(e) => startDrag(c, e)}
                  onKeyDown={(e) => keyResize(c, e)}
                />
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, ri) => (
          <tr key={r.id} aria-rowindex={ri + 2}>
            {r.cells.map((cell, ci) => (
              <td
                key={columns[ci]?.fieldApiName ?? ci}
                data-cell={`${ri + 1}:${ci}`}
                tabIndex={tab(ri + 1, ci)}
                className={columns[ci]?.wrap ? 'cs-wrapped' : undefined}
                onFocus={() => setActive({ row: ri + 1, col: ci })}
              >
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
