// How a GET /entries request becomes one Firestore query: equality on the channel group,
// status and employeeId, the created-on range, at most one array filter on the search keys
// (the most selective text filter), ordered by createdAt then the document id, newest first,
// with a cursor on those. Text filters the query cannot also apply are checked on the returned
// documents (`residual`), reading at most RESIDUAL_SCAN_MAX documents per request.
import { FieldPath, Timestamp, type DocumentData, type Query } from 'firebase-admin/firestore';
import {
  decodeCursor as readCursorJson,
  encodeCursor as writeCursorJson,
  invalidCursor,
} from '../../http/page-cursor';
import { channelGroup } from '../../domain/entries/record';
import {
  emailTokens,
  employeeTokens,
  matchesText,
  nameTokens,
  phoneTokens,
  tagTokens,
  textQuery,
} from '../../domain/entries/search-keys';

export interface EntryFilters {
  q?: string;
  name?: string;
  phone?: string;
  email?: string;
  tag?: string;
  channel?: string;
  status?: string;
  /** An employee's uid (resolved by the caller) or, when not one, text to match on. */
  employeeId?: string;
  employeeText?: string;
  /** Created on or after `start` and before `end`. */
  range?: { start?: Date; end?: Date };
}

interface KeyFilter {
  tokens: string[];
  matches: (keys: readonly string[]) => boolean;
  /** Whether "holds any of the tokens" (what the index query applies) says it all. */
  exact: boolean;
}

export interface EntryPlan {
  equals: { field: 'channel' | 'channelGroup' | 'status' | 'employeeId'; value: string }[];
  range?: { start?: Date; end?: Date };
  array?: string[];
  residual?: (data: DocumentData) => boolean;
  /** Nothing can match. */
  empty?: boolean;
}

const anyOf = (tokens: string[]): KeyFilter => ({
  tokens,
  matches: (keys) => tokens.some((t) => keys.includes(t)),
  exact: true,
});

export function entryPlan(filters: EntryFilters): EntryPlan {
  const plan: EntryPlan = { equals: [], range: filters.range };
  // 'other' is every entry sent on neither channel (its group); 'manual' the part saying so.
  if (filters.channel === 'manual') plan.equals.push({ field: 'channel', value: 'manual' });
  else if (filters.channel)
    plan.equals.push({ field: 'channelGroup', value: channelGroup(filters.channel) });
  const checks: ((data: DocumentData) => boolean)[] = [];
  if (filters.status) plan.equals.push({ field: 'status', value: filters.status });
  if (filters.employeeId) plan.equals.push({ field: 'employeeId', value: filters.employeeId });

  // The most selective first: a phone or an email names one customer, a tag a few entries.
  const keyFilters: KeyFilter[] = [];
  const add = (value: string | undefined, tokens: (v: string) => string[]) => {
    if (!value?.trim()) return;
    const list = tokens(value);
    // A value with nothing to look for (no letter or digit) matches nothing.
    if (list.length > 0) keyFilters.push(anyOf(list));
    else plan.empty = true;
  };
  // A phone of fewer than 3 digits is still being typed: it filters nothing yet.
  if (filters.phone && phoneTokens(filters.phone).length > 0) add(filters.phone, phoneTokens);
  add(filters.email, emailTokens);
  add(filters.tag, tagTokens);
  add(filters.name, nameTokens);
  add(filters.employeeText, employeeTokens);
  if (filters.q?.trim()) {
    const query = textQuery(filters.q);
    if (!query) plan.empty = true;
    else
      keyFilters.push({
        tokens: query.any,
        matches: (keys) => matchesText(keys, query),
        exact: query.allWords.length <= 1,
      });
  }
  if (keyFilters.length > 0) {
    const [lead, ...rest] = keyFilters;
    plan.array = lead.tokens;
    const keyChecks = lead.exact ? rest : keyFilters;
    if (keyChecks.length > 0)
      checks.push((data) => {
        const keys: readonly string[] = Array.isArray(data.searchKeys) ? data.searchKeys : [];
        return keyChecks.every((f) => f.matches(keys));
      });
  }
  if (checks.length > 0) plan.residual = (data) => checks.every((check) => check(data));
  return plan;
}

/** The plan's filters, ordered newest first (counts use the same index). */
export function filteredQuery(entries: Query, plan: EntryPlan): Query {
  let query = entries;
  if (plan.array) query = query.where('searchKeys', 'array-contains-any', plan.array);
  for (const { field, value } of plan.equals) query = query.where(field, '==', value);
  if (plan.range?.start)
    query = query.where('createdAt', '>=', Timestamp.fromDate(plan.range.start));
  if (plan.range?.end) query = query.where('createdAt', '<', Timestamp.fromDate(plan.range.end));
  return query.orderBy('createdAt', 'desc');
}

export function orderedQuery(entries: Query, plan: EntryPlan): Query {
  return filteredQuery(entries, plan).orderBy(FieldPath.documentId(), 'desc');
}

// Cursors: the createdAt and id of the last entry shown, base64url JSON, opaque to clients.

export interface Position {
  createdAt: Timestamp;
  id: string;
}

export function positionOf(id: string, data: DocumentData): Position {
  const createdAt = data.createdAt instanceof Timestamp ? data.createdAt : Timestamp.fromMillis(0);
  return { createdAt, id };
}

export function encodeCursor(position: Position): string {
  const { seconds, nanoseconds } = position.createdAt;
  return writeCursorJson({ t: [seconds, nanoseconds], id: position.id });
}

export function decodeCursor(cursor: string): Position {
  const parsed = readCursorJson(cursor);
  const { t, id } = (parsed ?? {}) as { t?: unknown; id?: unknown };
  if (typeof id !== 'string' || !id || id.includes('/')) throw invalidCursor();
  if (!Array.isArray(t) || t.length !== 2 || !t.every((n) => Number.isInteger(n)))
    throw invalidCursor();
  try {
    return { createdAt: new Timestamp(t[0] as number, t[1] as number), id };
  } catch {
    throw invalidCursor();
  }
}
