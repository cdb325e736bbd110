// broadcasts/{id}: a broadcast as it was composed (name, template, parameters, audience, the
// count and exclusions when it was made, the cost estimate), its state and who made it. The
// collection's one owner (eslint.config.js DATA_OWNERS).
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import type {
  Audience,
  AudienceFilters,
  AudienceShown,
  Broadcast,
  BroadcastCounts,
  BroadcastState,
  BroadcastSummary,
  NewMatchRun,
} from '../../contract/broadcasts';
import { getDb } from '../../firebase';
import { HttpError } from '../../http/errors';
import { markRequestWrite } from '../../http/idempotency';

export const BROADCASTS = 'broadcasts';
export const BROADCAST_NOT_FOUND = 'Broadcast not found';
/** GET /broadcasts: the newest this many. */
const LIST_LIMIT = 100;

/** A broadcast as stored: its audience whole (a pasted list's phones too), for its sending. */
export type StoredBroadcast = Omit<Broadcast, 'audience'> & { audience: Audience };

export type NewBroadcast = Omit<
  StoredBroadcast,
  | '_id'
  | 'createdAt'
  | 'counts'
  | 'startedBy'
  | 'startedAt'
  | 'waitUntil'
  | 'deliveredCost'
  | 'newMatchRuns'
>;

const NO_COUNTS: BroadcastCounts = {
  queued: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  replied: 0,
  failed: 0,
  skipped: 0,
  optedOutAfter: 0,
};

const iso = (value: unknown): string | null =>
  value instanceof Timestamp ? value.toDate().toISOString() : null;

/** What GET /broadcasts reads of each: no samples, parameters or audience. */
const SUMMARY_FIELDS = [
  'name',
  'template',
  'audienceCount',
  'excluded',
  'estimatedCost',
  'state',
  'sendAt',
  'createdAt',
  'createdBy',
  'startedBy',
  'startedAt',
  'waitUntil',
  'counts',
  'deliveredCost',
  'newMatchRuns',
];

function toSummary(id: string, data: DocumentData): BroadcastSummary {
  return {
    _id: id,
    name: String(data.name ?? ''),
    template: data.template as Broadcast['template'],
    audienceCount: Number(data.audienceCount ?? 0),
    excluded: data.excluded as Broadcast['excluded'],
    estimatedCost: Number(data.estimatedCost ?? 0),
    state: data.state as BroadcastState,
    sendAt: iso(data.sendAt),
    createdAt: iso(data.createdAt) ?? '',
    createdBy: data.createdBy as Broadcast['createdBy'],
    startedBy: (data.startedBy ?? null) as Broadcast['startedBy'],
    startedAt: iso(data.startedAt),
    waitUntil: iso(data.waitUntil),
    counts: { ...NO_COUNTS, ...(data.counts as Partial<BroadcastCounts> | undefined) },
    deliveredCost: Number(data.deliveredCost ?? 0),
    newMatchRuns: ((data.newMatchRuns ?? []) as DocumentData[]).map((run) => ({
      at: iso(run.at) ?? '',
      by: run.by as NewMatchRun['by'],
      added: Number(run.added ?? 0),
    })),
  };
}

/** All a broadcast's answer shows but its audience. */
function toDetails(id: string, data: DocumentData): Omit<Broadcast, 'audience'> {
  return {
    ...toSummary(id, data),
    params: (data.params ?? []) as Broadcast['params'],
    header: (data.header ?? null) as Broadcast['header'],
    sample: (data.sample ?? []) as Broadcast['sample'],
    excludedSample: (data.excludedSample ?? []) as Broadcast['excludedSample'],
  };
}

function toStored(id: string, data: DocumentData): StoredBroadcast {
  return { ...toDetails(id, data), audience: data.audience as Audience };
}

/** What a broadcast's answers read of it: all but a pasted list's phones (up to 10,000). */
const SHOWN_FIELDS = [
  ...SUMMARY_FIELDS,
  'params',
  'header',
  'sample',
  'excludedSample',
  'audience.filters',
];

/** A pasted list by its size: each phone is a recipient or excluded for one reason. */
function audienceShown(
  broadcast: Pick<Broadcast, 'audienceCount' | 'excluded'>,
  filters: AudienceFilters | undefined,
): AudienceShown {
  if (filters) return { filters };
  const excluded = Object.values(broadcast.excluded ?? {}).reduce((sum, n) => sum + n, 0);
  return { phoneCount: broadcast.audienceCount + excluded };
}

/** As an answer shows it: a pasted list by its size. */
export const shownBroadcast = (broadcast: StoredBroadcast): Broadcast => ({
  ...broadcast,
  audience: audienceShown(
    broadcast,
    'filters' in broadcast.audience ? broadcast.audience.filters : undefined,
  ),
});

/** Stores a new broadcast (with the request's idempotency key, when it has one). */
export async function storeBroadcast(broadcast: NewBroadcast): Promise<StoredBroadcast> {
  const ref = getDb().collection(BROADCASTS).doc();
  const createdAt = Timestamp.now();
  const data = {
    ...broadcast,
    sendAt: broadcast.sendAt ? Timestamp.fromDate(new Date(broadcast.sendAt)) : null,
    createdAt,
  };
  const batch = getDb().batch();
  markRequestWrite(batch);
  batch.create(ref, data);
  await batch.commit();
  return toStored(ref.id, data);
}

/** The broadcast as its answers show it (one read, without a pasted list's phones). */
export async function requireShownBroadcast(id: string): Promise<Broadcast> {
  const [doc] = await getDb().getAll(broadcastRef(id), { fieldMask: SHOWN_FIELDS });
  if (!doc?.exists) throw new HttpError(404, BROADCAST_NOT_FOUND);
  const data = doc.data()!;
  const details = toDetails(doc.id, data);
  const filters = (data.audience as DocumentData | undefined)?.filters as
    AudienceFilters | undefined;
  return { ...details, audience: audienceShown(details, filters) };
}

/** The newest broadcasts first, without their samples. */
export async function listBroadcasts(): Promise<BroadcastSummary[]> {
  const snap = await getDb()
    .collection(BROADCASTS)
    .orderBy('createdAt', 'desc')
    .select(...SUMMARY_FIELDS)
    .limit(LIST_LIMIT)
    .get();
  return snap.docs.map((doc) => toSummary(doc.id, doc.data()));
}

const broadcastRef = (id: string) => getDb().collection(BROADCASTS).doc(id);

/** A broadcast as stored, or undefined. */
export async function readBroadcast(id: string): Promise<StoredBroadcast | undefined> {
  const doc = await broadcastRef(id).get();
  return doc.exists ? toStored(doc.id, doc.data()!) : undefined;
}

export interface StateChange {
  /** The states it may change from; any other answers 409 with `refusal`. */
  from: readonly BroadcastState[];
  to: BroadcastState;
  /** Fields written with it (times as Dates), or made from the broadcast as it stands. */
  fields?: DocumentData | ((current: DocumentData) => DocumentData);
  refusal: (state: BroadcastState) => string;
}

/** Changes the broadcast's state in one transaction: 404 when none, 409 from a wrong state. */
export async function changeState(id: string, change: StateChange): Promise<StoredBroadcast> {
  return getDb().runTransaction(async (tx) => {
    const doc = await tx.get(broadcastRef(id));
    if (!doc.exists) throw new HttpError(404, BROADCAST_NOT_FOUND);
    const state = doc.get('state') as BroadcastState;
    if (!change.from.includes(state)) throw new HttpError(409, change.refusal(state));
    const extra = typeof change.fields === 'function' ? change.fields(doc.data()!) : change.fields;
    const fields = { state: change.to, ...extra };
    markRequestWrite(tx);
    tx.update(doc.ref, fields);
    return toStored(doc.id, { ...doc.data(), ...fields });
  });
}

/** Changes the state only when it is still `from` (the dispatcher's changes); true when done. */
export async function moveState(
  id: string,
  from: BroadcastState,
  to: BroadcastState,
  fields: DocumentData = {},
): Promise<boolean> {
  return getDb().runTransaction(async (tx) => {
    const doc = await tx.get(broadcastRef(id));
    if (doc.get('state') !== from) return false;
    tx.update(doc.ref, { state: to, ...fields });
    return true;
  });
}

/**
 * The broadcast's state as stored now, or undefined when there is no such broadcast: that field
 * alone (a pasted audience keeps its phones in the document, read here several times a second).
 */
export async function stateOf(id: string): Promise<BroadcastState | undefined> {
  const [doc] = await getDb().getAll(broadcastRef(id), { fieldMask: ['state'] });
  return doc.get('state') as BroadcastState | undefined;
}

/** Writes fields of the broadcast that are no state (its queuing done, its final counts). */
export async function patchBroadcast(id: string, fields: DocumentData): Promise<void> {
  await broadcastRef(id).update(fields);
}

/** The broadcasts the dispatcher serves: sending, or waiting for the messaging limit. */
export async function runningBroadcasts(): Promise<
  {
    id: string;
    state: BroadcastState;
    queued: boolean;
    /** When its queuing began (ms; 0 when not recorded). */
    queuingFrom: number;
    waitUntil: number | null;
  }[]
> {
  const snap = await getDb()
    .collection(BROADCASTS)
    .where('state', 'in', ['sending', 'waiting'])
    .select('state', 'queuedAt', 'queuingFrom', 'waitUntil')
    .get();
  return snap.docs.map((doc) => ({
    id: doc.id,
    state: doc.get('state') as BroadcastState,
    queued: doc.get('queuedAt') instanceof Timestamp,
    queuingFrom: (doc.get('queuingFrom') as Timestamp | undefined)?.toMillis() ?? 0,
    waitUntil: (doc.get('waitUntil') as Timestamp | null | undefined)?.toMillis() ?? null,
  }));
}

/** Scheduled broadcasts whose time has come. */
export async function dueScheduledIds(at: Date): Promise<string[]> {
  const snap = await getDb()
    .collection(BROADCASTS)
    .where('state', '==', 'scheduled')
    .where('sendAt', '<=', Timestamp.fromDate(at))
    .orderBy('sendAt')
    .limit(20)
    .get();
  return snap.docs.map((doc) => doc.id);
}
