// The console's modal dialog: opened with showModal (focus moves into it, the page behind is inert, Escape closes
// it), labelled by its heading, and on close focus goes back to what opened it.

import { useEffect, useId, useRef, type ReactNode } from 'react';

export function Dialog({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
    return () => opener?.focus?.();
  }, []);
  return (
    <dialog
      ref={ref}
      className="cs-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault(); // React removes the dialog; the browser must not close it behind React's back
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
