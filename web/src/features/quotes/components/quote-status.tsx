import type { QuoteStatus } from '@contract/quotes';

const TONES: Record<QuoteStatus, string> = {
  draft: 'ui-badge ui-badge--gray',
  sent: 'ui-badge',
  accepted: 'ui-badge ui-badge--success',
  declined: 'ui-badge ui-badge--gray',
  expired: 'ui-badge ui-badge--gray',
};

const LABELS: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <span className={TONES[status]}>{LABELS[status]}</span>;
}

export { LABELS as QUOTE_STATUS_LABELS };
