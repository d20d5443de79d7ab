// Previous and next page of a paged UI API collection (list records, related list records), by its opaque page
// tokens: a missing token means there is no page that way (spec/data-layer.md section 4).

interface PageTokens {
  previousPageToken?: string | null;
  nextPageToken?: string | null;
}

interface Props {
  /** What is paged, for the navigation's name: "Pages of {label}". */
  label: string;
  page: PageTokens | undefined;
  onPage(token: string | undefined): void;
  /** Shown even when there is one page only (a list view keeps its place on the page). */
  always?: boolean;
}

export function Pager({ label, page, onPage, always = false }: Props) {
  if (!always && !page?.previousPageToken && !page?.nextPageToken) return null;
  return (
    <nav className="cs-pager" aria-label={`Pages of ${label}`}>
      <button type="button" disabled={!page?.previousPageToken} onClick={() => onPage(page?.previousPageToken ?? undefined)}>
        Previous page
      </button>
      <button type="button" disabled={!page?.nextPageToken} onClick={() => onPage(page?.nextPageToken ?? undefined)}>
        Next page
      </button>
    </nav>
  );
}
