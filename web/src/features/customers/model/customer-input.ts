import { gstinProblem } from '@contract/gst';
import type { Customer, CustomerInput } from '../api/types';
import { unique, uniqueEmails, uniqueNames, uniquePhones } from './split-values';

export const EMPTY_INPUT: CustomerInput = {
  names: [],
  phones: [],
  emails: [],
  categories: [],
  potential: '',
  note: '',
  gstin: '',
  billingState: '',
};

export function inputOf(customer: Customer): CustomerInput {
  return {
    names: [...(customer.names ?? [])],
    phones: [...(customer.phones ?? [])],
    emails: [...(customer.emails ?? [])],
    categories: [...(customer.categories ?? [])],
    potential: customer.potential ?? '',
    note: customer.note ?? '',
    gstin: customer.gstin ?? '',
    billingState: customer.billingState ?? '',
  };
}

/** Trimmed, without empties or repeats; phones keep only digits and a leading '+'. */
export function cleanInput(input: CustomerInput): CustomerInput {
  return {
    names: uniqueNames(input.names),
    phones: uniquePhones(input.phones),
    emails: uniqueEmails(input.emails),
    categories: unique(input.categories.map((c) => c.trim())),
    potential: input.potential.trim(),
    note: input.note.trim(),
    // Left out when the form never had them (merges, imports): the server keeps what it has.
    ...(input.gstin !== undefined && { gstin: input.gstin.replace(/\s+/g, '').toUpperCase() }),
    ...(input.billingState !== undefined && { billingState: input.billingState }),
  };
}

/** The GSTIN's problem in words (contract/gst.ts, the server's own check), or null. */
export function gstinError(input: CustomerInput): string | null {
  return input.gstin ? gstinProblem(input.gstin) : null;
}

export type FieldErrors = Partial<Record<keyof CustomerInput, string>>;

const FIELDS: readonly (keyof CustomerInput)[] = [
  'names',
  'phones',
  'emails',
  'categories',
  'potential',
  'note',
  'gstin',
  'billingState',
];

/**
 * The per-field messages of a 400 `{ message, fields }`: `fields` as an object of messages (keys
 * like 'phones' or 'phones.1') or as a list of { field|path, message }.
 */
export function fieldErrorsOf(body: unknown): FieldErrors {
  if (typeof body !== 'object' || body === null || !('fields' in body)) return {};
  const { fields } = body as { fields: unknown };
  const entries: [string, unknown][] = Array.isArray(fields)
    ? fields.map((f: { field?: unknown; path?: unknown; message?: unknown }) => [
        String(f?.field ?? (Array.isArray(f?.path) ? f.path.join('.') : (f?.path ?? ''))),
        f?.message,
      ])
    : typeof fields === 'object' && fields !== null
      ? Object.entries(fields)
      : [];
  const errors: FieldErrors = {};
  for (const [key, value] of entries) {
    const field = FIELDS.find((name) => key === name || key.startsWith(`${name}.`));
    const message = Array.isArray(value) ? value.join(' ') : value;
    if (field && typeof message === 'string' && message && !errors[field]) errors[field] = message;
  }
  return errors;
}
