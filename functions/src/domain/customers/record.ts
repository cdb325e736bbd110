// The stored customer document: the customer's own fields plus what the queries need (search and
// category keys, sort keys, the potential's rank). Every write builds it here, and so does the
// demo seed, so stored customers always carry the derived fields.
import type { Customer } from '../../contract/answers';
import { OPT_OUTS_FIELD, WINDOWS_FIELD, windowsView } from './whatsapp-windows';
import { OWNER_FIELD, ownerOf, type CustomerOwner } from './owner';
import { TAX_FIELD, taxOf } from './tax-details';
import type { DocumentData } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import {
  type CustomerFields,
  type CustomerInput,
  hasIdentity,
  normalizeCustomerInput,
  potentialRank,
} from './normalize';
import { categoryKeys, searchKeys, searchText } from './search-keys';

const SORT_KEY_MAX = 100;

/** A customer as the API answers it: declared in contract/answers.ts, built by `toCustomer`. */
export type { Customer };

export interface CustomerRecord<T = Timestamp | Date> extends CustomerFields {
  searchKeys: string[];
  categoryKeys: string[];
  potentialRank: number;
  /** First name, lowercased: the name sort. */
  nameSort: string;
  /** First phone (E.164): the phone sort. */
  phoneSort: string;
  /** First email: the email sort. */
  emailSort: string;
  createdAt: T;
  updatedAt: T;
  owner?: CustomerOwner;
}

/** A name as the name sort orders it (and as an import matches name-only rows). */
export function nameSortKey(name: string): string {
  return searchText(name).slice(0, SORT_KEY_MAX);
}

/** The stored document of a customer with these fields, times and owner (null: none). */
export function buildCustomerRecord<T extends Timestamp | Date>(
  fields: CustomerFields,
  times: { createdAt: T; updatedAt: T },
  owner: CustomerOwner | null,
): CustomerRecord<T> {
  return {
    names: fields.names,
    phones: fields.phones,
    emails: fields.emails,
    categories: fields.categories,
    potential: fields.potential,
    note: fields.note,
    searchKeys: searchKeys(fields),
    categoryKeys: categoryKeys(fields.categories, owner?._id ?? ''),
    potentialRank: potentialRank(fields.potential),
    nameSort: nameSortKey(fields.names[0] ?? ''),
    phoneSort: fields.phones[0] ?? '',
    emailSort: (fields.emails[0] ?? '').slice(0, SORT_KEY_MAX),
    createdAt: times.createdAt,
    updatedAt: times.updatedAt,
    ...(owner && { [OWNER_FIELD]: owner }),
  };
}

/** A phone or an email that identifies one customer; its document in customerKeys. */
export interface CustomerKey {
  id: string;
  kind: 'phone' | 'email';
  value: string;
}

/** 'phone:+919876543210', 'email:ravi@example.in' ('/' and '%' escaped: ids cannot hold '/'). */
export function customerKeyId(kind: CustomerKey['kind'], value: string): string {
  return `${kind}:${value.replace(/%/g, '%25').replace(/\//g, '%2F')}`;
}

export function customerKeys(fields: Pick<CustomerFields, 'phones' | 'emails'>): CustomerKey[] {
  return [
    ...fields.phones.map((value) => ({
      id: customerKeyId('phone', value),
      kind: 'phone' as const,
      value,
    })),
    ...fields.emails.map((value) => ({
      id: customerKeyId('email', value),
      kind: 'email' as const,
      value,
    })),
  ];
}

/**
 * A new customer's stored document and identity keys from raw input (the demo seed's entry
 * point). Throws when a value is not acceptable.
 */
export function prepareCustomer<T extends Timestamp | Date>(
  input: CustomerInput,
  times: { createdAt: T; updatedAt: T },
  owner: CustomerOwner | null = null,
): { record: CustomerRecord<T>; keys: CustomerKey[] } {
  const { fields, issues } = normalizeCustomerInput(input);
  if (issues.length > 0) throw new Error(issues.map((i) => i.message).join('; '));
  if (!hasIdentity(fields)) throw new Error('A customer needs a name, a phone or an email');
  return { record: buildCustomerRecord(fields, times, owner), keys: customerKeys(fields) };
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A stored time as ISO 8601 text ('' when absent). */
export function isoTime(value: unknown): string {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'string' ? value : '';
}

/** The stored document's own fields (tolerant of documents written before a field existed). */
export function fieldsOf(data: DocumentData): CustomerFields {
  return {
    names: strings(data.names),
    phones: strings(data.phones),
    emails: strings(data.emails),
    categories: strings(data.categories),
    potential: typeof data.potential === 'string' ? data.potential : '',
    note: typeof data.note === 'string' ? data.note : '',
  };
}

/** A customer's own fields, as people enter them (CustomerFields), in the order forms show. */
export const CUSTOMER_FIELD_NAMES = [
  'names',
  'phones',
  'emails',
  'categories',
  'potential',
  'note',
] as const satisfies readonly (keyof CustomerFields)[];

/**
 * The stored fields toCustomer reads. A list reads only these (and its order's): the search and
 * category keys are most of a customer document's bytes, and no answer shows them.
 */
export const CUSTOMER_VIEW_FIELDS = [
  ...CUSTOMER_FIELD_NAMES,
  'createdAt',
  'updatedAt',
  WINDOWS_FIELD,
  OPT_OUTS_FIELD,
  OWNER_FIELD,
  TAX_FIELD,
] as const;

export function toCustomer(id: string, data: DocumentData): Customer {
  return {
    _id: id,
    ...fieldsOf(data),
    createdAt: isoTime(data.createdAt),
    updatedAt: isoTime(data.updatedAt),
    ...windowsView(data),
    owner: ownerOf(data),
    ...taxOf(data),
  };
}

/** A customer's label in messages: first name, else first phone, else first email. */
export function customerLabel(fields: Pick<CustomerFields, 'names' | 'phones' | 'emails'>): string {
  return fields.names[0] ?? fields.phones[0] ?? fields.emails[0] ?? 'another customer';
}
