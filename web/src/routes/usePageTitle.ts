import { useEffect } from 'react';
import { useSite } from '../data/hooks';

/**
 * Sets document.title to "{title} | {store name}" (the store name alone for
 * null). Undefined leaves the title alone (another owner, such as the SEO
 * head, sets it). With exact, the title is used as it is.
 */
export function usePageTitle(title: string | null | undefined, options: { exact?: boolean } = {}): void {
  const storeName = useSite().data?.storeName || 'Storefront';
  const exact = options.exact === true;
  useEffect(() => {
    if (title === undefined) return;
    document.title = title ? (exact ? title : `${title} | ${storeName}`) : storeName;
  }, [title, storeName, exact]);
}
