// The stored entry document and the entry as the API answers it. Stored entries keep
// a copy of their customer (`customer`) and of their employee, plus what the queries need:
// `employeeId` and the search keys. Every write builds the derived fields here (and so does the
// demo seed), so stored entries always carry them.
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { toIso } from '../../timestamps';
import { DEFAULT_CURRENCY, type EntrySource } from './constants';
import type {
  Attachment,
  CustomerCopy,
  EmployeeRef,
  Entry,
  EntryFields,
  EntrySnapshot,
  FollowUpSummary,
  QuoteLink,
} from '../../contract/entries';
import { entrySearchKeys } from './search-keys';

export type { Attachment, CustomerCopy, EmployeeRef, Entry, EntrySnapshot, FollowUpSummary };

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const text = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : fallback;
const record = (value: unknown): DocumentData =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as DocumentData) : {};

export function customerCopy(data: unknown): CustomerCopy {
  const c = record(data);
  return {
    names: strings(c.names),
    phones: strings(c.phones),
    emails: strings(c.emails),
    categories: strings(c.categories),
    potential: text(c.potential),
  };
}

export function employeeOf(data: unknown): EmployeeRef | null {
  if (typeof data === 'string' && data) return { _id: data, name: '', email: '' };
  const e = record(data);
  if (typeof e._id !== 'string' || !e._id) return null;
  return { _id: e._id, name: text(e.name), email: text(e.email) };
}

export function attachmentsOf(value: unknown): Attachment[] {
  if (!Array.isArray(value)) return [];
  return value.map(record).map((a) => ({
    name: text(a.name),
    url: text(a.url),
    mimetype: text(a.mimetype),
    size: typeof a.size === 'number' ? a.size : 0,
  }));
}

/** Tags, also read from `labels` or a single `tag`. */
export function tagsOf(data: DocumentData): string[] {
  const tags = strings(data.tags);
  if (tags.length > 0) return tags;
  const labels = strings(data.labels);
  if (labels.length > 0) return labels;
  return typeof data.tag === 'string' && data.tag ? [data.tag] : [];
}

export function snapshotOf(data: DocumentData): EntrySnapshot {
  return {
    description: text(data.description),
    status: text(data.status, 'pending') || 'pending',
    category: text(data.category),
    channel: text(data.channel),
    tags: tagsOf(data),
    amount: typeof data.amount === 'number' ? data.amount : 0,
    currency: text(data.currency, DEFAULT_CURRENCY) || DEFAULT_CURRENCY,
  };
}

/** The fields derived from the others: call after any change to customer, employee, text. */
/**
 * The channel filter's group (the list filters by whatsapp, email, multiple, other): 'other' holds
 * every entry that went out on neither channel (manual and other).
 */
export function channelGroup(channel: unknown): string {
  return channel === 'whatsapp' || channel === 'email' || channel === 'multiple'
    ? channel
    : 'other';
}

export function derivedFields(data: DocumentData): {
  employeeId: string | null;
  channelGroup: string;
  searchKeys: string[];
} {
  const employee = employeeOf(data.employee);
  return {
    employeeId: employee?._id ?? null,
    channelGroup: channelGroup(data.channel),
    searchKeys: entrySearchKeys({
      customer: customerCopy(data.customer),
      description: text(data.description),
      tags: tagsOf(data),
      employee,
    }),
  };
}

export interface NewEntry extends EntryFields {
  customer: CustomerCopy;
  createdBy: string | null;
  source: EntrySource;
  createdAt: Timestamp;
  dispatch?: DocumentData;
  inbound?: DocumentData;
  /** The accepted quotation the entry is the order of. */
  quote?: QuoteLink;
}

/** The document to store for a new entry. */
export function buildEntryDoc(entry: NewEntry): DocumentData {
  const doc: DocumentData = {
    ...entry,
    updatedAt: entry.createdAt,
    followUps: [],
    dispatch: entry.dispatch ?? {},
  };
  if (!entry.inbound) delete doc.inbound;
  if (!entry.quote) delete doc.quote;
  return { ...doc, ...derivedFields(doc) };
}

export function isoDeep(value: unknown): unknown {
  if (value instanceof Timestamp || value instanceof Date) return toIso(value);
  if (Array.isArray(value)) return value.map(isoDeep);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isoDeep(v)]));
  return value;
}

/** The entry as the API answers it. */
/**
 * The stored fields toEntry reads. A list reads only these: the search keys are most of an
 * entry document's bytes, and no answer shows them.
 */
export const ENTRY_VIEW_FIELDS = [
  'customerId',
  'customer',
  'description',
  'tags',
  'labels',
  'tag',
  'attachments',
  'category',
  'amount',
  'currency',
  'process',
  'extraNote',
  'channel',
  'status',
  'employee',
  'source',
  'createdAt',
  'updatedAt',
  'createdByName',
  'followUps',
  'dispatch',
  'templateRef',
  'inbound',
  'quote',
] as const;

export function toEntry(id: string, data: DocumentData): Entry {
  const followUps: FollowUpSummary[] = (Array.isArray(data.followUps) ? data.followUps : [])
    .map(record)
    .map((f) => ({
      _id: text(f._id),
      when: toIso(f.when),
      note: text(f.note),
      by: text(f.by),
      byName: text(f.byName),
      status: text(f.status),
      channel: text(f.channel),
    }));
  return {
    _id: id,
    customerId: text(data.customerId),
    customer: { _id: text(data.customerId), ...customerCopy(data.customer) },
    description: text(data.description),
    tags: tagsOf(data),
    attachments: attachmentsOf(data.attachments),
    category: text(data.category),
    amount: typeof data.amount === 'number' ? data.amount : 0,
    currency: text(data.currency, DEFAULT_CURRENCY) || DEFAULT_CURRENCY,
    process: text(data.process),
    extraNote: text(data.extraNote),
    channel: text(data.channel) || 'manual',
    status: text(data.status) || 'pending',
    employee: employeeOf(data.employee),
    source: text(data.source) || 'employee',
    createdAt: toIso(data.createdAt),
    updatedAt: toIso(data.updatedAt),
    createdByName: text(data.createdByName),
    followUps,
    dispatch: isoDeep(record(data.dispatch)) as Entry['dispatch'],
    ...(data.templateRef ? { templateRef: isoDeep(data.templateRef) } : {}),
    ...(data.inbound ? { inbound: isoDeep(data.inbound) } : {}),
    ...(data.quote
      ? { quote: { _id: text(data.quote._id), number: text(data.quote.number) } }
      : {}),
  };
}

/** A copy without undefined values, at any depth (Firestore refuses them). */
export function withoutUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutUndefined) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, withoutUndefined(v)]),
    ) as T;
  return value;
}
