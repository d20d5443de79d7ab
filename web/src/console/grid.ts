// The pure rules of the console's grid: which cell an arrow key moves to, and how wide a dragged or keyed column
// becomes. Kept apart from the component so that they are tested without a browser.

export interface Cell {
  row: number;
  col: number;
}

/** The cell a navigation key moves to inside a rows x cols grid (row 0 is the header row); null for other keys. */
export function moveCell(cell: Cell, key: string, rows: number, cols: number, pageRows = 10): Cell | null {
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max - 1, v));
  switch (key) {
    case 'ArrowUp':
      return { row: clamp(cell.row - 1, rows), col: cell.col };
    case 'ArrowDown':
      return { row: clamp(cell.row + 1, rows), col: cell.col };
    case 'ArrowLeft':
      return { row: cell.row, col: clamp(cell.col - 1, cols) };
    case 'ArrowRight':
      return { row: cell.row, col: clamp(cell.col + 1, cols) };
    case 'Home':
      return { row: cell.row, col: 0 };
    case 'End':
      return { row: cell.row, col: cols - 1 };
    case 'PageUp':
      return { row: clamp(cell.row - pageRows, rows), col: cell.col };
    case 'PageDown':
      return { row: clamp(cell.row + pageRows, rows), col: cell.col };
    default:
      return null;
  }
}

export const MIN_COLUMN_WIDTH = 60;
export const MAX_COLUMN_WIDTH = 1000;
/** A width the list preferences keep as -1: the column takes its natural width. */
export const AUTO_WIDTH = -1;

/** A column width within the limits, in whole pixels (list preferences keep integers). */
export function clampWidth(px: number): number {
  return Math.round(Math.max(MIN_COLUMN_WIDTH, Math.min(MAX_COLUMN_WIDTH, px)));
}

/** The width after a resize key on a column's handle: arrows change it by 10 px (50 with Shift); null for other keys. */
export function keyedWidth(current: number, key: string, shift: boolean): number | null {
  const step = shift ? 50 : 10;
  if (key === 'ArrowLeft') return clampWidth(current - step);
  if (key === 'ArrowRight') return clampWidth(current + step);
  return null;
}
