import { normaliseSpacing, SPACING_REM } from './spacing';

/** Vertical space of one of the named sizes (default none). */
export function Spacer({ size }: { size?: string }) {
  const s = normaliseSpacing(size);
  return <div className={`sf-spacer sf-spacer--${s}`} style={{ height: `${SPACING_REM[s]}rem` }} aria-hidden="true" />;
}
