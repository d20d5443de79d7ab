import { createContext, useContext } from 'react';

/** Page-level options of the shared Layout that the header reads (the search box placeholder of the FAQ page). */
export interface LayoutOptions {
  searchPlaceholder?: string;
}

export const LayoutOptionsContext = createContext<LayoutOptions>({});

/** The options the current page gave its Layout. */
export function useLayoutOptions(): LayoutOptions {
  return useContext(LayoutOptionsContext);
}
