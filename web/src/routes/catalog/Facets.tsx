import { useId, useState } from 'react';
import type { SearchFacet } from '../../data/search';
import { isRefined, type SearchState } from './searchState';

/** Values shown per facet before "Show more". */
const VISIBLE_VALUES = 8;

export interface FacetsProps {
  facets: SearchFacet[];
  state: SearchState;
  onToggle: (facet: SearchFacet, value: string, on: boolean) => void;
}

function FacetGroup({ facet, state, onToggle }: { facet: SearchFacet } & Omit<FacetsProps, 'facets'>) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  // Chosen values stay visible even when they are past the first ones.
  const chosen = (v: string) => isRefined(state, facet.attributeType, facet.nameOrId, v);
  const values = expanded ? facet.values : facet.values.filter((v, i) => i < VISIBLE_VALUES || chosen(v.nameOrId));
  const hidden = facet.values.length - values.length;
  return (
    <fieldset className="sf-facet">
      <legend className="sf-facet__title">{facet.displayName}</legend>
      <ul className="sf-facet__values" id={`${id}-values`}>
        {values.map((v) => {
          const inputId = `${id}-${v.nameOrId}`;
          return (
            <li key={v.nameOrId}>
              <input
                id={inputId}
                type="checkbox"
                checked={chosen(v.nameOrId)}
                onChange={(e) => onToggle(facet, v.nameOrId, e.target.checked)}
              />
              <label htmlFor={inputId}>
                <span className="sf-facet__label">{v.displayName}</span>
                <span className="sf-facet__count" aria-hidden="true">
                  {v.productCount}
                </span>
                <span className="visually-hidden">
                  , {v.productCount} {v.productCount === 1 ? 'product' : 'products'}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {facet.values.length > VISIBLE_VALUES ? (
        <button
          type="button"
          className="sf-link-button sf-facet__more"
          aria-expanded={expanded}
          aria-controls={`${id}-values`}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? 'Show fewer' : `Show ${hidden} more`}
        </button>
      ) : null}
    </fieldset>
  );
}

/** The facets of a result as groups of checkboxes with their product counts. */
export function Facets({ facets, state, onToggle }: FacetsProps) {
  if (facets.length === 0) return null;
  return (
    <div className="sf-facets">
      {facets.map((f) => (
        <FacetGroup key={`${f.attributeType}:${f.nameOrId}`} facet={f} state={state} onToggle={onToggle} />
      ))}
    </div>
  );
}

/** The chosen refinements, each removable, with their display names from the facets. */
export function ActiveRefinements({
  facets,
  state,
  onRemove,
  onClear,
}: {
  facets: SearchFacet[];
  state: SearchState;
  onRemove: (attributeType: string, nameOrId: string, value: string) => void;
  onClear: () => void;
}) {
  const chips = state.refinements.flatMap((r) => {
    const facet = facets.find((f) => f.attributeType === r.attributeType && f.nameOrId === r.nameOrId);
    return r.values.map((v) => ({
      r,
      value: v,
      label: `${facet?.displayName ?? r.nameOrId}: ${facet?.values.find((x) => x.nameOrId === v)?.displayName ?? v}`,
    }));
  });
  if (chips.length === 0) return null;
  return (
    <div className="sf-active-refinements">
      <h2 className="visually-hidden">Active filters</h2>
      <ul>
        {chips.map((c) => (
          <li key={`${c.r.attributeType}:${c.r.nameOrId}:${c.value}`}>
            <button
              type="button"
              className="sf-chip"
              aria-label={`Remove filter ${c.label}`}
              onClick={() => onRemove(c.r.attributeType, c.r.nameOrId, c.value)}
            >
              {c.label}
              <span className="sf-chip__x" aria-hidden="true">
                ×
              </span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="sf-link-button" onClick={onClear}>
        Clear all filters
      </button>
    </div>
  );
}
