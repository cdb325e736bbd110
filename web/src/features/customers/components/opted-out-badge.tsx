import { OPTED_OUT } from '../../entries';
import type { Customer } from '../api/types';

/** Said wherever the customer shows when they wrote STOP on WhatsApp (until they write START). */
export function OptedOutBadge({ customer }: { customer: Pick<Customer, 'whatsappWindow'> }) {
  if (!customer.whatsappWindow?.optedOutAt) return null;
  return (
    <span className="ui-badge ui-badge--gray opted-out" title={OPTED_OUT}>
      {OPTED_OUT}
    </span>
  );
}
