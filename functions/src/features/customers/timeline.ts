// One customer's timeline: their entries and follow-ups, newest first, a page at a time. Each
// source is one indexed query (customerId ==, ordered by createdAt and id, newest first) that
// starts after the last document of it a previous page showed, so a page reads at most
// `limit` documents of each source: 2 × limit in all, never an offset.
import { Timestamp, type DocumentData, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type {
  TimelineFollowUp,
  TimelineItem,
  TimelinePage,
} from '../../contract/customer-timeline';
import type { SendOutcome } from '../../contract/entries';
import { newestOfCustomer } from '../../domain/customers/linked';
import {
  decodeCursor,
  encodeCursor,
  invalidCursor,
  isTimePosition,
  type TimePosition,
} from '../../http/page-cursor';
import { toIso } from '../../timestamps';
import { ENTRIES } from '../../domain/entries/constants';
import { isoDeep, toEntry } from '../../domain/entries/record';
import { FOLLOW_UPS } from '../../domain/followups/constants';

const SOURCES = { entry: ENTRIES, followUp: FOLLOW_UPS } as const;
type Kind = keyof typeof SOURCES;
const KINDS = Object.keys(SOURCES) as Kind[];

/** Where a source stands: after this document (its createdAt and id), or 'end' when read out. */
type SourcePosition = TimePosition | 'end' | undefined;
type Cursor = Partial<Record<Kind, SourcePosition>>;

export function decodeTimelineCursor(text: string | undefined): Cursor {
  if (!text) return {};
  const parsed = decodeCursor(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalidCursor();
  const cursor: Cursor = {};
  for (const [kind, value] of Object.entries(parsed)) {
    if (!(kind in SOURCES)) throw invalidCursor();
    if (value !== 'end' && !isTimePosition(value)) throw invalidCursor();
    cursor[kind as Kind] = value as SourcePosition;
  }
  return cursor;
}

const timeOf = (value: unknown): Timestamp =>
  value instanceof Timestamp ? value : new Timestamp(0, 0);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function toTimelineFollowUp(data: DocumentData): TimelineFollowUp {
  return {
    entryId: text(data.entryId),
    dueAt: toIso(data.dueAt),
    days: typeof data.days === 'number' ? data.days : 0,
    note: text(data.note),
    channels: Array.isArray(data.channels)
      ? data.channels.filter((c) => typeof c === 'string')
      : [],
    status: text(data.status) || 'scheduled',
    byName: text(data.byName),
    sentAt: toIso(data.sentAt),
    results: (isoDeep(data.results ?? {}) ?? {}) as Record<string, SendOutcome>,
  };
}

function toItem(kind: Kind, doc: QueryDocumentSnapshot): TimelineItem {
  const data = doc.data();
  const at = toIso(data.createdAt) ?? '';
  return kind === 'entry'
    ? { kind, _id: doc.id, at, entry: toEntry(doc.id, data) }
    : { kind, _id: doc.id, at, followUp: toTimelineFollowUp(data) };
}

type Candidate = { kind: Kind; doc: QueryDocumentSnapshot; t: Timestamp };

/** Newest first as each query orders (time, then id, descending); at the same time an entry
 * before a follow-up. */
function newestFirst(a: Candidate, b: Candidate): number {
  return (
    b.t.seconds - a.t.seconds ||
    b.t.nanoseconds - a.t.nanoseconds ||
    a.kind.localeCompare(b.kind) ||
    (a.doc.id < b.doc.id ? 1 : -1)
  );
}

export async function timelinePage(
  customerId: string,
  limit: number,
  cursorText: string | undefined,
): Promise<TimelinePage> {
  const cursor = decodeTimelineCursor(cursorText);
  const read = await Promise.all(
    KINDS.map(async (kind) => {
      const position = cursor[kind];
      if (position === 'end') return { kind, docs: [] };
      return { kind, docs: await newestOfCustomer(SOURCES[kind], customerId, position, limit) };
    }),
  );
  const candidates = read
    .flatMap(({ kind, docs }) =>
      docs.map((doc) => ({ kind, doc, t: timeOf(doc.get('createdAt')) })),
    )
    .sort(newestFirst);
  const shown = candidates.slice(0, limit);

  const next: Cursor = {};
  for (const { kind, docs } of read) {
    const mine = shown.filter((c) => c.kind === kind);
    const last = mine.at(-1);
    const readOut = cursor[kind] === 'end' || (docs.length < limit && mine.length === docs.length);
    next[kind] = readOut
      ? 'end'
      : last
        ? [last.t.seconds, last.t.nanoseconds, last.doc.id]
        : cursor[kind];
  }
  const done = KINDS.every((kind) => next[kind] === 'end');
  return {
    items: shown.map((c) => toItem(c.kind, c.doc)),
    nextCursor: done ? null : encodeCursor(next),
  };
}
