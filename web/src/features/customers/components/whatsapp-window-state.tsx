import { formatDateTime } from '../../../lib/format';
import type { CustomerDetail } from '../api/types';
import { whatsappWindowStatus } from '../model/whatsapp-window';
import { OptedOutBadge } from './opted-out-badge';

/**
 * Whether a free-form WhatsApp message can reach this customer now (within 24 hours of their
 * last message) or only an approved template can, or nothing (they wrote STOP). Shows nothing
 * until the server says.
 */
export function WhatsAppWindowState({ customer }: { customer: CustomerDetail }) {
  const status = whatsappWindowStatus(customer);
  if (!status) return null;
  if (status.kind === 'optedOut') {
    return (
      <p className="customer-page__window" data-testid="whatsapp-window">
        <OptedOutBadge customer={customer} />{' '}
        <span className="ui-muted">
          Since {formatDateTime(status.since)}: nothing goes on WhatsApp until they write START.
        </span>
      </p>
    );
  }
  const open = status.kind === 'open';
  return (
    <p className="customer-page__window" data-testid="whatsapp-window">
      <span className={open ? 'ui-badge ui-badge--success' : 'ui-badge ui-badge--gray'}>
        {open ? 'WhatsApp window open' : 'WhatsApp window closed'}
      </span>{' '}
      <span className="ui-muted">
        {open
          ? `Free-form messages until ${formatDateTime(status.until)}`
          : 'Only approved templates can be sent'}
      </span>
    </p>
  );
}
