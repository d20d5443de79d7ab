import type { ReactNode } from 'react';
import './layout.css';

/** The flexible layout: one content slot (spec section 2, "Layout pieces"). */
export function FlexibleLayout({ children, className }: { children?: ReactNode; className?: string }) {
  return <div className={['sf-flexible-layout', className ?? ''].filter(Boolean).join(' ')}>{children}</div>;
}
