import { Clip } from '../../../lib/clip';
import { formatDateTime, formatINR } from '../../../lib/format';
import {
  type PendingEntry,
  pendingEntriesQueryOptions,
  useApproveEntry,
  useRejectEntry,
} from '../../../resources/entries';
import { PendingList } from './pending-list';
import { SentMessages } from './sent-messages';
import type { PendingColumn } from './pending-views';

/** The first of the customer's names (blank ones skipped). */
const customerOf = (entry: PendingEntry) =>
  entry.customer?.names?.map((name) => name.trim()).find(Boolean) || '—';
const sourceOf = (entry: PendingEntry) =>
  (Array.isArray(entry.source) ? entry.source.join(', ') : entry.source)?.trim() || '—';

const COLUMNS: readonly PendingColumn<PendingEntry>[] = [
  { header: 'Customer', cell: customerOf },
  {
    header: 'Date',
    cell: (entry) => <span className="pending__whole">{formatDateTime(entry.createdAt)}</span>,
  },
  {
    header: 'Amount',
    cell: (entry) => (
      <span className="pending__whole">{entry.amount ? formatINR(entry.amount) : '—'}</span>
    ),
  },
  { header: 'Owner', cell: (entry) => entry.owner?.trim() || '—' },
  {
    header: 'Description',
    cell: (entry) => (
      <Clip full={entry.description?.trim() || '—'} className="clip clip--two-lines" />
    ),
  },
  { header: 'Source', cell: sourceOf },
  { header: 'Already sent', cell: (entry) => <SentMessages sends={entry.sent ?? []} /> },
];

/** Approvals → Entries: new entries waiting for an admin. */
export function PendingEntries() {
  const approve = useApproveEntry();
  const reject = useRejectEntry();
  return (
    <PendingList
      title="Pending Entries"
      noun={['entry', 'entries']}
      badge="Entry"
      searchPlaceholder="Customer, owner, words"
      columns={COLUMNS}
      rowLabel={(entry) => {
        const customer = customerOf(entry);
        return customer === '—' ? 'Entry' : customer;
      }}
      empty={{ title: 'No pending entries', text: 'Fresh as a daisy—come back later.' }}
      query={pendingEntriesQueryOptions()}
      handlers={{
        approve: (entry) => approve.mutateAsync({ id: entry._id }),
        reject: (entry) => reject.mutateAsync({ id: entry._id }),
      }}
    />
  );
}
