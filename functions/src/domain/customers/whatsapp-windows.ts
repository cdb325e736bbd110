// The customer's WhatsApp windows (whatsappWindows: phone -> when the window closes) are written
// by inbound messages, not by the customer forms: a rewrite of the customer keeps them for the
// phones it still has, and a merge keeps the latest of each phone.
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { now } from '../../clock';
import type { WhatsAppWindow } from '../../contract/customers';

export const WINDOWS_FIELD = 'whatsappWindows';

/** The windows of `sources` for `phones`, the latest per phone; {} when there are none. */
export function carriedWindows(
  sources: readonly (DocumentData | undefined)[],
  phones: readonly string[],
): DocumentData {
  const kept: Record<string, Timestamp> = {};
  for (const source of sources) {
    const windows = source?.[WINDOWS_FIELD] as Record<string, unknown> | undefined;
    for (const phone of phones) {
      const until = windows?.[phone];
      if (!(until instanceof Timestamp)) continue;
      if (!kept[phone] || kept[phone].toMillis() < until.toMillis()) kept[phone] = until;
    }
  }
  return Object.keys(kept).length > 0 ? { [WINDOWS_FIELD]: kept } : {};
}

/** When the window of `phone` closes, from a customer document. */
export function windowUntil(customer: DocumentData | undefined, phone: string): Date | null {
  const windows = customer?.[WINDOWS_FIELD] as Record<string, unknown> | undefined;
  const value = windows?.[phone];
  return value instanceof Timestamp ? value.toDate() : null;
}

export function windowState(customer: DocumentData | undefined, phone: string): WhatsAppWindow {
  const until = windowUntil(customer, phone);
  return {
    phone,
    open: until !== null && until.getTime() > now(),
    openUntil: until ? until.toISOString() : null,
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
