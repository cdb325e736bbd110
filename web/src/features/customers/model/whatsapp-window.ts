import type { CustomerDetail } from '../api/types';

/** What WhatsApp lets go to the customer's first phone now, as the server judged it. */
export type WindowStatus =
  { kind: 'optedOut'; since: string } | { kind: 'open'; until: string } | { kind: 'closed' };

/**
 * The customer's WhatsApp state: opted out (they wrote STOP), open (they wrote in the last 24
 * hours: free-form messages go) or closed (only approved templates). Null until the server says.
 * "Open" is the server's answer, not this device's clock.
 */
export function whatsappWindowStatus(
  customer: Pick<CustomerDetail, 'whatsappWindow'>,
): WindowStatus | null {
  const window = customer.whatsappWindow;
  if (!window) return null;
  if (window.optedOutAt) return { kind: 'optedOut', since: window.optedOutAt };
  if (window.open && window.openUntil) return { kind: 'open', until: window.openUntil };
  return { kind: 'closed' };
}
