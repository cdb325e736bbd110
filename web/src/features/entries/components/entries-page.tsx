import { useMemo, useState } from 'react';
import { PageHeader } from '../../../lib/page-header';
import { ADMIN_ROLE } from '../../../lib/roles';
import { useStoredValue } from '../../../lib/storage';
import { useListView } from '../../../lib/view-toggle';
import { type Entry, useEmployees, useEntries } from '../../../resources/entries';
import { hasFilters } from '../model/list-params';
import '../../../lib/ui.css';
import '../entries.css';
import { EntriesFilters } from './entries-filters';
import { EntriesList } from './entries-list';
import { EntriesSummary } from './entries-summary';
import type { EntryActionHandlers } from './entry-actions';
import { EntryDialogs, type EntryDialogKind, type OpenEntryDialog } from './entry-dialogs';
import { useAdminActions } from './use-admin-actions';
import { useEntryFilters } from './use-entry-filters';

/** The Entries screen: filters, the list in cards or a table, and its dialogs. */
export function EntriesPage() {
  const role = useStoredValue('role');
  const isAdmin = role === ADMIN_ROLE;
  const { typed, params, onFilter } = useEntryFilters();
  const [view, setView] = useListView();
  const [dialog, setDialog] = useState<OpenEntryDialog | null>(null);

  const list = useEntries(params);
  const employees = useEmployees().data ?? [];
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);

  const open = (kind: EntryDialogKind) => (entry: Entry) => setDialog({ kind, entry });
  const close = () => setDialog(null);
  const admin = useAdminActions(open('assign'), close);
  const actions: EntryActionHandlers = {
    onHistory: open('history'),
    onEdit: open('edit'),
    onFollowUp: open('followup'),
    onDetails: open('details'),
    onChannels: open('channels'),
    ...(isAdmin ? admin.actions : {}),
  };

  return (
    <div className="entries-page">
      <PageHeader title="Entries" />
      <EntriesSummary role={role} first={list.data?.pages[0]} />
      <EntriesFilters
        values={typed}
        onChange={onFilter}
        employees={employees}
        refreshing={list.isFetching}
        onRefresh={() => {
          if (!list.isFetching) void list.refetch();
        }}
        view={view}
        onView={setView}
      />
      <EntriesList
        list={list}
        items={items}
        filtered={hasFilters(params)}
        view={view}
        actions={actions}
      />
      <EntryDialogs
        open={dialog}
        onOpen={open}
        onClose={close}
        employees={employees}
        assigning={admin.assigning}
        onAssign={admin.assignTo}
      />
      {admin.confirmDialog}
    </div>
  );
}
