import type { CSSProperties, ElementType, ReactNode } from 'react';
import { normaliseGridColumns } from '../../lib/validate';
import './layout.css';

export interface GridProps {
  /** Columns on desktop, 1 to 6. */
  columns?: number | string;
  /** Columns on tablets (default: at most 3). */
  columnsTablet?: number | string;
  /** Columns on phones (default: at most 2). */
  columnsMobile?: number | string;
  as?: ElementType;
  className?: string;
  children?: ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

/** A grid of 1 to 6 equal columns, fewer on smaller screens. */
export function Grid({ columns, columnsTablet, columnsMobile, as: Tag = 'div', className, children, ...aria }: GridProps) {
  const desktop = normaliseGridColumns(columns, 3);
  const tablet = normaliseGridColumns(columnsTablet, Math.min(desktop, 3));
  const mobile = normaliseGridColumns(columnsMobile, Math.min(desktop, 2));
  const style = { '--grid-desktop': String(desktop), '--grid-tablet': String(tablet), '--grid-mobile': String(mobile) } as CSSProperties;
  return (
    <Tag className={['sf-grid', className ?? ''].filter(Boolean).join(' ')} style={style} {...aria}>
      {children}
    </Tag>
  );
}
