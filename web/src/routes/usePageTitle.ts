import { useEffect } from 'react';
import { useSite } from '../data/hooks';

/** Sets document.title to "{title} | {store name}". */
export function usePageTitle(title: string | null): void {
  const storeName = useSite().data?.storeName || 'Storefront';
  useEffect(() => {
    document.title = title ? `${title} | ${storeName}` : storeName;
  }, [title, storeName]);
}
