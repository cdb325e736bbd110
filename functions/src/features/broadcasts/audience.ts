// Who a broadcast goes to: the customers the customer list's own filters match (the same query
// and the same filter code as the list and its export), or a list of phones. Each customer gets
// at most one message, to their first phone (the one messages go to); the rest are counted apart
// with the reason: opted out (wrote STOP from that phone), no phone, the same phone as an earlier
// recipient, already messaged by this broadcast (its phone or its customer has a recipient
// document of it), and for a list of phones, a number no customer holds or that is not a phone.
import type { DocumentData } from 'firebase-admin/firestore';
import {
  EXCLUSION_REASONS,
  type Audience,
  type AudienceCount,
  type AudienceFilters,
  type AudienceSample,
  type ExcludedSample,
  type ExclusionReason,
} from '../../contract/broadcasts';
import { fieldsOf } from '../../domain/customers/record';
import type { BroadcastRecipientsHad } from '../../domain/messages';
import { customersOfPhones } from '../../domain/customers/store';
import { ownerOf } from '../../domain/customers/owner';
import { OPT_OUTS_FIELD, optedOutAt } from '../../domain/customers/whatsapp-windows';
import { HttpError } from '../../http/errors';
import { toE164 } from '../../integrations/recipients';
import type { BroadcastSettings } from '../../domain/settings/store';
import { customerListQuery, matchingCustomerPages } from '../customers';
import { templateCost } from './cost';

/** One message's addressee. */
export interface Recipient {
  customerId: string | null;
  name: string;
  /** E.164. */
  phone: string;
  ownerId: string;
  ownerName: string;
}

export interface ResolvedAudience {
  recipients: Recipient[];
  excluded: Record<ExclusionReason, number>;
  excludedSample: ExcludedSample[];
}

/** What a count reads of each customer: no search keys, which are most of a document's bytes. */
const AUDIENCE_FIELDS = ['names', 'phones', OPT_OUTS_FIELD, 'owner'] as const;
const SAMPLE_SIZE = 20;

/**
 * Collects recipients one at a time, counting who is left out and why; `had`: the phones and
 * customers the broadcast already has a recipient document of.
 */
function collector(had: BroadcastRecipientsHad | undefined): ResolvedAudience & {
  add(customerId: string | null, data: DocumentData | undefined, phone: string | undefined): void;
  exclude(reason: ExclusionReason, who: Omit<ExcludedSample, 'reason'>): void;
} {
  const recipients: Recipient[] = [];
  const excluded = Object.fromEntries(
    Object.keys(EXCLUSION_REASONS).map((reason) => [reason, 0]),
  ) as Record<ExclusionReason, number>;
  const excludedSample: ExcludedSample[] = [];
  const phones = new Set<string>();
  const customers = new Set<string>();
  const exclude = (reason: ExclusionReason, who: Omit<ExcludedSample, 'reason'>) => {
    excluded[reason] += 1;
    if (excludedSample.length < SAMPLE_SIZE) excludedSample.push({ ...who, reason });
  };
  return {
    recipients,
    excluded,
    excludedSample,
    exclude,
    add(customerId, data, phone) {
      const fields = fieldsOf(data ?? {});
      const name = fields.names[0] ?? '';
      const to = phone ?? fields.phones[0];
      if (!to) return exclude('noPhone', { customerId, name, phone: '' });
      const who = { customerId, name, phone: to };
      if (phones.has(to) || (customerId && customers.has(customerId)))
        return exclude('duplicate', who);
      phones.add(to);
      if (customerId) customers.add(customerId);
      if (had && (had.phones.has(to) || (customerId && had.customerIds.has(customerId))))
        return exclude('alreadyMessaged', who);
      if (optedOutAt(data, to)) return exclude('optedOut', who);
      const owner = ownerOf(data);
      recipients.push({ ...who, ownerId: owner?._id ?? '', ownerName: owner?.name ?? '' });
    },
  };
}

/** The list's query parameters for these filters (what GET /customers would be sent). */
function listParams(filters: AudienceFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.q) params.q = filters.q;
  if (filters.categories?.length) params.categories = filters.categories.join(',');
  if (filters.potential) params.potential = filters.potential;
  if (filters.from) params.from = filters.from;
  if (filters.to) params.to = filters.to;
  if (filters.owner) params.owner = filters.owner;
  if (filters.contactedFrom) params.contactedFrom = filters.contactedFrom;
  if (filters.contactedTo) params.contactedTo = filters.contactedTo;
  if (filters.tag) params.tag = filters.tag;
  return params;
}

async function fromFilters(
  filters: AudienceFilters,
  had: BroadcastRecipientsHad | undefined,
): Promise<ResolvedAudience> {
  const parsed = customerListQuery.safeParse(listParams(filters));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(400, `audience.filters.${issue.path.join('.')}: ${issue.message}`);
  }
  const listFilters = parsed.data.filters;
  const found = collector(had);
  const pages = matchingCustomerPages(
    listFilters,
    { sort: 'createdAt', dir: 'asc' },
    AUDIENCE_FIELDS,
  );
  for await (const page of pages) for (const doc of page) found.add(doc.id, doc.data(), undefined);
  return found;
}

async function fromPhones(
  listed: string[],
  had: BroadcastRecipientsHad | undefined,
): Promise<ResolvedAudience> {
  const found = collector(had);
  const valid: string[] = [];
  for (const raw of listed) {
    const phone = toE164(raw);
    if (phone) valid.push(phone);
    else found.exclude('invalid', { customerId: null, name: '', phone: raw.trim() });
  }
  const customers = await customersOfPhones([...new Set(valid)], AUDIENCE_FIELDS);
  const seen = new Set<string>();
  for (const phone of valid) {
    const customer = customers.get(phone);
    if (customer) {
      found.add(customer.id, customer.data, phone);
    } else if (seen.has(phone)) {
      found.exclude('duplicate', { customerId: null, name: '', phone });
    } else {
      found.exclude('notCustomer', { customerId: null, name: '', phone });
    }
    seen.add(phone);
  }
  return found;
}

/** The audience as it stands now; with `had`, less those a broadcast already has. */
export function resolveAudience(
  audience: Audience,
  had?: BroadcastRecipientsHad,
): Promise<ResolvedAudience> {
  return 'phones' in audience
    ? fromPhones(audience.phones, had)
    : fromFilters(audience.filters, had);
}

/** The first few recipients, for the composer's per-customer preview. */
export function sampleOf(recipients: Recipient[]): AudienceSample[] {
  return recipients.slice(0, SAMPLE_SIZE).map((r) => ({
    customerId: r.customerId,
    name: r.name,
    phone: r.phone,
    ownerName: r.ownerName,
  }));
}

/** What a count answers: who receives it, who not and why, the cost at `category`'s price. */
export function countOf(
  audience: ResolvedAudience,
  category: string,
  prices: BroadcastSettings['templatePrices'],
): AudienceCount {
  return {
    audienceCount: audience.recipients.length,
    excluded: audience.excluded,
    estimatedCost: templateCost(audience.recipients.length, category, prices),
    sample: sampleOf(audience.recipients),
    excludedSample: audience.excludedSample,
  };
}

/** The reasons anyone was left out, in words: "2 opted out of whatsapp (wrote stop); …". */
export function exclusionWords(excluded: Record<ExclusionReason, number>): string {
  return (Object.keys(excluded) as ExclusionReason[])
    .filter((reason) => excluded[reason] > 0)
    .map((reason) => `${excluded[reason]} ${EXCLUSION_REASONS[reason].toLowerCase()}`)
    .join('; ');
}
