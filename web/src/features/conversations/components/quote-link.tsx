import { FileText } from 'lucide-react';
import { Link } from 'react-router-dom';

/**
 * Build a quote and send it without leaving the conversation: the builder comes back here once
 * sent. `compact` draws it as an icon, as a phone's conversation header has room for.
 */
export function QuoteLink({ customerId, compact }: { customerId: string; compact?: boolean }) {
  return (
    <Link
      className={
        compact ? 'icon-button conversation-screen__action' : 'btn btn--small btn--outline'
      }
      to={`/customers/${encodeURIComponent(customerId)}/quote?back=conversation`}
      aria-label={compact ? 'Quote' : undefined}
    >
      <FileText aria-hidden="true" size={compact ? 20 : 16} />
      {!compact && ' Quote'}
    </Link>
  );
}
