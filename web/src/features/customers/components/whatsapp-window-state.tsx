import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import type { CustomerDetail } from '../api/types';
import { OptedOutBadge } from './opted-out-badge';

/**
 * Whether a free-form WhatsApp message can reach this customer now (within 24 hours of their
 * last message) or only an approved template can, or nothing (they wrote STOP). Shows nothing
 * until the server says.
 */
export function WhatsAppWindowState({ customer }: { customer: CustomerDetail }) {
  // When the page read the customer: the answer is as fresh as that.
  const [readAt] = useState(() => Date.now());
  const window = customer.whatsappWindow;
  if (!window) return null;
  if (window.optedOutAt) {
    return (
      <p className="customer-page__window" data-testid="whatsapp-window">
        <OptedOutBadge customer={customer} />{' '}
        <span className="ui-muted">
          Since {formatDateTime(window.optedOutAt)}: nothing goes on WhatsApp until they write
          START.
        </span>
      </p>
    );
  }
  const open = window.openUntil !== null && new Date(window.openUntil).getTime() > readAt;
  return (
    <p className="customer-page__window" data-testid="whatsapp-window">
      <span className={open ? 'ui-badge ui-badge--success' : 'ui-badge ui-badge--gray'}>
        {open ? 'WhatsApp window open' : 'WhatsApp window closed'}
      </span>{' '}
      <span className="ui-muted">
        {open
          ? `Free-form messages until ${formatDateTime(window.openUntil)}`
          : 'Only approved templates can be sent'}
      </span>
    </p>
  );
}
