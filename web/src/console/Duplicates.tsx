// Duplicate warnings on save: the matches of predupe (asked before a new record is saved) or of a save that a Block
// rule refused (DUPLICATES_DETECTED), shown as an alert listing the matching records as links. When every rule that
// matched allows the save, the user may save anyway (the write then carries allowSaveOnDuplicate).

import { Link } from 'react-router';
import { useRecord } from '../data/records';
import { nameOf } from './shared';

export interface DuplicateMatches {
  objectApiName: string;
  recordIds: string[];
  /** Every matching rule allows the save: "Save anyway" is offered. */
  allowSave: boolean;
}

interface PredupeAnswer {
  allowSave?: boolean;
  matches?: { objectApiName: string; recordIds: string[] }[];
}

/** The matches of a predupe answer, or null when nothing matched. */
export function predupeMatches(body: unknown): DuplicateMatches | null {
  const answer = body as PredupeAnswer | undefined;
  const matches = answer?.matches ?? [];
  const recordIds = [...new Set(matches.flatMap((m) => m.recordIds))];
  if (!recordIds.length) return null;
  return { objectApiName: matches[0].objectApiName, recordIds, allowSave: answer?.allowSave !== false };
}

interface MatchResult {
  apiName: string;
  matchRecordIds: string[];
  isAllowSave: boolean;
}

type ErrorItem = { errorCode?: string; duplicateRecordError?: { matchResults?: MatchResult[] } };

/** The matches of a save refused with DUPLICATES_DETECTED (the UI API's RecordError or error list), else null. */
export function refusedMatches(err: unknown): DuplicateMatches | null {
  const body = (err as { body?: unknown } | undefined)?.body as { output?: { errors?: ErrorItem[] } } | ErrorItem[] | undefined;
  const items = Array.isArray(body) ? body : (body?.output?.errors ?? []);
  const results = items.filter((e) => e.errorCode === 'DUPLICATES_DETECTED').flatMap((e) => e.duplicateRecordError?.matchResults ?? []);
  const recordIds = [...new Set(results.flatMap((r) => r.matchRecordIds))];
  if (!results.length) return null;
  return { objectApiName: results[0].apiName, recordIds, allowSave: results.every((r) => r.isAllowSave) };
}

export function DuplicateAlert({ matches, saving, onSaveAnyway }: { matches: DuplicateMatches; saving: boolean; onSaveAnyway(): void }) {
  const n = matches.recordIds.length;
  return (
    <div className="cs-dupes" role="alert">
      <p>
        <strong>{n === 1 ? 'This record looks like an existing record.' : `This record looks like ${n} existing records.`}</strong>{' '}
        {matches.allowSave ? 'Open it instead, or save anyway.' : 'A duplicate rule blocks saving it.'}
      </p>
      <ul>
        {matches.recordIds.map((id) => (
          <li key={id}>
            <MatchLink objectApiName={matches.objectApiName} recordId={id} />
          </li>
        ))}
      </ul>
      {matches.allowSave ? (
        <button type="button" onClick={onSaveAnyway} disabled={saving}>
          Save anyway
        </button>
      ) : null}
    </div>
  );
}

function MatchLink({ objectApiName, recordId }: { objectApiName: string; recordId: string }) {
  const snap = useRecord({ recordId, optionalFields: [`${objectApiName}.Name`] });
  return (
    <Link to={`/console/r/${objectApiName}/${recordId}`} target="_blank">
      {nameOf(snap.data)}
      <span className="cs-sr"> (opens in a new tab)</span>
    </Link>
  );
}
