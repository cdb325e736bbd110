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

/** The day and the time, each whole: in a narrow column the time goes under the day. */
function When({ at }: { at: string | undefined }) {
  const [day, ...time] = formatDateTime(at).split(', ');
  if (time.length === 0) return <span className="pending__whole">{day}</span>;
  return (
    <>
      <span className="pending__whole">{day},</span>{' '}
      <span className="pending__whole">{time.join(', ')}</span>
    </>
  );
}

// Widths that fit the table in its box at 1280 px (the menu beside it) with Approve and Reject
// whole; the description takes the room left.
const COLUMNS: readonly PendingColumn<PendingEntry>[] = [
  {
    header: 'Customer',
    cell: (entry) => <Clip full={customerOf(entry)} className="clip clip--two-lines" />,
    width: '7rem',
  },
  { header: 'Date', cell: (entry) => <When at={entry.createdAt} />, width: '5.25rem' },
  {
    header: 'Amount',
    cell: (entry) => (
      <span className="pending__whole">{entry.amount ? formatINR(entry.amount) : '—'}</span>
    ),
    width: '6.25rem',
  },
  { header: 'Owner', cell: (entry) => entry.owner?.trim() || '—', width: '6rem' },
  {
    header: 'Description',
    cell: (entry) => (
      <Clip full={entry.description?.trim() || '—'} className="clip clip--two-lines" />
    ),
  },
  { header: 'Source', cell: sourceOf, width: '7rem' },
  {
    header: 'Already sent',
    cell: (entry) => <SentMessages sends={entry.sent ?? []} />,
    width: '9.5rem',
  },
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
