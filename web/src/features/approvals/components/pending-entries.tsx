import { useApproveEntry } from '../api/approve-entry';
import { pendingEntriesQueryOptions } from '../api/get-pending-entries';
import { useRejectEntry } from '../api/reject-entry';
import type { PendingEntry } from '../api/types';
import { PendingList } from './pending-list';
import type { PendingColumn } from './pending-views';

/** Spec §2: the first of the customer's names (blank ones skipped). */
const customerOf = (entry: PendingEntry) =>
  entry.customer?.names?.map((name) => name.trim()).find(Boolean) || '—';
const sourceOf = (entry: PendingEntry) =>
  (Array.isArray(entry.source) ? entry.source.join(', ') : entry.source)?.trim() || '—';

const COLUMNS: readonly PendingColumn<PendingEntry>[] = [
  { header: 'Customer', cell: customerOf },
  { header: 'Description', cell: (entry) => entry.description?.trim() || '—' },
  { header: 'Source', cell: sourceOf },
];

/** Approvals → Entries: new entries waiting for an admin (spec §2). */
export function PendingEntries() {
  const approve = useApproveEntry();
  const reject = useRejectEntry();
  return (
    <PendingList
      title="Pending Entries"
      noun={['entry', 'entries']}
      badge="Entry"
      searchPlaceholder="Search description, customer, source..."
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
