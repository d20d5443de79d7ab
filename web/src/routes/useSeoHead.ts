import { useEffect, useMemo } from 'react';
import { useSeoProperties } from '../data/catalogHooks';
import type { ApiErrorEntry } from '../data/errors';
import type { SeoProperties } from '../data/seo';
import { applySeoHead } from '../lib/seoHead';
import { substitutePlaceholdersText } from '../lib/seo';

export interface SeoHeadState {
  /** The SEO properties ({} while loading or after a failure). */
  data: SeoProperties;
  /** The errors of a failed fetch (empty otherwise). */
  errors: ApiErrorEntry[];
  /** Whether the properties are loaded (successfully or not). */
  loaded: boolean;
  /** The substituted title, '' when the record has none. */
  title: string;
}

/**
 * Applies the SEO properties of a record page (product, category) to the
 * document head. The head is cleared and reapplied when the record or its
 * data change, and cleared when the page unmounts. A failed fetch leaves the
 * head alone and reports its errors.
 */
export function useSeoHead(
  recordId: string | null | undefined,
  record: Record<string, unknown> | null | undefined,
  content?: Record<string, unknown> | null,
): SeoHeadState {
  const seo = useSeoProperties(recordId);
  const result = seo.data;
  // Record data: the page's fields, then what the SEO call returned (its fields and the record name).
  const sources = useMemo(() => {
    if (!result) return null;
    const d = result.data;
    return {
      Record: { ...(d.recordName ? { Name: d.recordName } : {}), ...(record ?? {}), ...(d.fields ?? {}) },
      Content: content ?? {},
    };
  }, [result, record, content]);
  const sourcesKey = sources ? JSON.stringify(sources) : '';

  const title = result && sources ? substitutePlaceholdersText(result.data.title, sources).trim() : '';

  useEffect(() => {
    if (!result || !sources || !recordId) return undefined;
    const applied = applySeoHead(result.data, sources);
    return applied.clear;
    // sourcesKey stands for sources: reapply only when the data really changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, sourcesKey, recordId]);

  return { data: result?.data ?? {}, errors: result?.errors ?? [], loaded: !!result, title };
}
