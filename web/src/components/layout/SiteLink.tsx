import type { MouseEvent, ReactNode } from 'react';
import { Link, useHref } from 'react-router';
import { resolvePageReference, type PageReference } from '../../lib/links';

export interface SiteLinkProps {
  /** A page reference of any supported type, or a web URL. */
  to: PageReference | string;
  children?: ReactNode;
  className?: string;
  /** Force a new window (target _blank, rel noopener). */
  newWindow?: boolean;
  'aria-label'?: string;
  'aria-current'?: 'page' | undefined;
}

const NEW_WINDOW_REL = 'noopener noreferrer';

function preventNoop(e: MouseEvent<HTMLAnchorElement>) {
  e.preventDefault();
}

/**
 * A link of any supported type (web page, CMS content page, record page,
 * relationship page, object list page, named page, search). References that
 * are invalid, or URLs with dangerous schemes, become a no-op link.
 */
export function SiteLink({ to, children, className, newWindow, ...aria }: SiteLinkProps) {
  const ref: PageReference = typeof to === 'string' ? { type: 'standard__webPage', attributes: { url: to } } : to;
  const link = resolvePageReference(ref);
  // An in-app page opened in a new window needs its full href (with the base path).
  const appHref = useHref(link.kind === 'app' ? link.href : '/');
  const blank = newWindow || link.newWindow;
  const target = blank ? { target: '_blank', rel: NEW_WINDOW_REL } : {};
  if (link.kind === 'app' && !blank) {
    return (
      <Link to={link.href} className={className} {...aria}>
        {children}
      </Link>
    );
  }
  if (link.kind === 'none') {
    return (
      <a href={link.href} className={className} onClick={preventNoop} aria-disabled="true" {...aria}>
        {children}
      </a>
    );
  }
  return (
    <a href={link.kind === 'app' ? appHref : link.href} className={className} {...target} {...aria}>
      {children}
    </a>
  );
}
