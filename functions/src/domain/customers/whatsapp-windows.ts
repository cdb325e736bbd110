// The customer's WhatsApp state per phone: the windows (whatsappWindows: phone -> when the window
// closes) and the opt-outs (whatsappOptOuts: phone -> when the customer wrote STOP). Both are
// written by inbound messages, not by the customer forms: a rewrite of the customer keeps them
// for the phones it still has, and a merge keeps the latest window and any opt-out of each phone.
import { FieldPath, FieldValue, Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { now } from '../../clock';
import type { WhatsAppWindow } from '../../contract/customers';

export const WINDOWS_FIELD = 'whatsappWindows';
/** WhatsApp's customer-service window: 24 hours from the customer's latest message. */
export const WINDOW_MS = 24 * 60 * 60 * 1000;
export const OPT_OUTS_FIELD = 'whatsappOptOuts';

/** The latest time per phone of one per-phone field of `sources`, for `phones`. */
function latestPerPhone(
  sources: readonly (DocumentData | undefined)[],
  phones: readonly string[],
  field: string,
): DocumentData {
  const kept: Record<string, Timestamp> = {};
  for (const source of sources) {
    const times = source?.[field] as Record<string, unknown> | undefined;
    for (const phone of phones) {
      const at = times?.[phone];
      if (!(at instanceof Timestamp)) continue;
      if (!kept[phone] || kept[phone].toMillis() < at.toMillis()) kept[phone] = at;
    }
  }
  return Object.keys(kept).length > 0 ? { [field]: kept } : {};
}

/** When the opt-out of each phone last changed (the customer's STOP or START message). */
export const OPT_OUT_CHANGES_FIELD = 'whatsappOptOutChanges';

/**
 * The fields a STOP or START written at `at` from `phone` changes, or undefined when an opt-out
 * change written later is already applied (Meta may deliver messages late and out of order).
 */
export function optOutChange(
  customer: DocumentData | undefined,
  phone: string,
  keyword: 'stop' | 'start',
  at: Date,
): [FieldPath, unknown][] | undefined {
  const changes = customer?.[OPT_OUT_CHANGES_FIELD] as Record<string, unknown> | undefined;
  const last = changes?.[phone];
  // Meta stamps in whole seconds: a STOP and a START of the same second apply in arrival order.
  if (last instanceof Timestamp && last.toMillis() > at.getTime()) return undefined;
  const when = Timestamp.fromDate(at);
  return [
    [new FieldPath(OPT_OUTS_FIELD, phone), keyword === 'stop' ? when : FieldValue.delete()],
    [new FieldPath(OPT_OUT_CHANGES_FIELD, phone), when],
  ];
}

/** The windows and opt-outs of `sources` for `phones`; {} when there are none. */
export function carriedWindows(
  sources: readonly (DocumentData | undefined)[],
  phones: readonly string[],
): DocumentData {
  return {
    ...latestPerPhone(sources, phones, WINDOWS_FIELD),
    ...latestPerPhone(sources, phones, OPT_OUTS_FIELD),
    ...latestPerPhone(sources, phones, OPT_OUT_CHANGES_FIELD),
  };
}

/** When the customer wrote STOP from `phone` (null: not opted out). */
export function optedOutAt(customer: DocumentData | undefined, phone: string): Date | null {
  const optOuts = customer?.[OPT_OUTS_FIELD] as Record<string, unknown> | undefined;
  const value = optOuts?.[phone];
  return value instanceof Timestamp ? value.toDate() : null;
}

/** When the window of `phone` closes, from a customer document. */
export function windowUntil(customer: DocumentData | undefined, phone: string): Date | null {
  const windows = customer?.[WINDOWS_FIELD] as Record<string, unknown> | undefined;
  const value = windows?.[phone];
  return value instanceof Timestamp ? value.toDate() : null;
}

/**
 * The field and value that open (or lengthen) `phone`'s window for a message it sent at `at`;
 * undefined when the window already lasts as long (a late, older delivery never shortens it).
 */
export function windowOpening(
  customer: DocumentData | undefined,
  phone: string,
  at: Date,
): [FieldPath, Timestamp] | undefined {
  const until = Timestamp.fromMillis(at.getTime() + WINDOW_MS);
  const current = windowUntil(customer, phone);
  if (current && current.getTime() >= until.toMillis()) return undefined;
  return [new FieldPath(WINDOWS_FIELD, phone), until];
}

export function windowState(customer: DocumentData | undefined, phone: string): WhatsAppWindow {
  const until = windowUntil(customer, phone);
  const optedOut = optedOutAt(customer, phone);
  return {
    phone,
    open: until !== null && until.getTime() > now(),
    openUntil: until ? until.toISOString() : null,
    optedOutAt: optedOut ? optedOut.toISOString() : null,
  };
}

/** Every phone's window, and the first phone's on its own (where messages go by default). */
export function windowsView(customer: DocumentData) {
  const phones = Array.isArray(customer.phones) ? (customer.phones as unknown[]) : [];
  const whatsappWindows = phones
    .filter((p): p is string => typeof p === 'string')
    .map((phone) => windowState(customer, phone));
  return { whatsappWindow: whatsappWindows[0] ?? null, whatsappWindows };
}
