import { OPTED_OUT, OPTED_OUT_SHORT } from '../../entries';
import type { Customer } from '../api/types';

/**
 * Said wherever the customer shows when they wrote STOP on WhatsApp (until they write START).
 * It sits beside the phone in the list's narrow cells, so it shows two words on one line; the
 * whole sentence is read out and shown on hover.
 */
export function OptedOutBadge({ customer }: { customer: Pick<Customer, 'whatsappWindow'> }) {
  if (!customer.whatsappWindow?.optedOutAt) return null;
  return (
    <span className="ui-badge ui-badge--gray opted-out" title={OPTED_OUT}>
      {OPTED_OUT_SHORT}
      <span className="visually-hidden">{OPTED_OUT.slice(OPTED_OUT_SHORT.length)}</span>
    </span>
  );
}
