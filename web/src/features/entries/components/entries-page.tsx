import { useMemo, useState } from 'react';
import { useCan } from '../../../lib/can';
import { PageHeader } from '../../../lib/page-header';
import { ADMIN_ROLE } from '../../../lib/roles';
import { useStoredValue } from '../../../lib/storage';
import { useIsPhone } from '../../../lib/use-media-query';
import { useListView, ViewToggle } from '../../../lib/view-toggle';
import { type Entry, useEmployees, useEntries } from '../../../resources/entries';
import { hasFilters } from '../model/list-params';
import '../../../lib/ui.css';
import '../entries.css';
import { EntriesFilters, RefreshButton } from './entries-filters';
import { EntriesList } from './entries-list';
import { EntriesSummary } from './entries-summary';
import type { EntryActionHandlers } from './entry-actions';
import { EntryDialogs, type EntryDialogKind, type OpenEntryDialog } from './entry-dialogs';
import { useAdminActions } from './use-admin-actions';
import { useEntryFilters } from './use-entry-filters';

/**
 * The Entries screen: the title with the role and totals beside it, the filter bar, the list in
 * cards or a table, and its dialogs. On phones Cards/Table and Refresh sit in the header, so the
 * bar is one line and three cards start on the first screen.
 */
export function EntriesPage() {
  const role = useStoredValue('role');
  const isAdmin = role === ADMIN_ROLE;
  const isPhone = useIsPhone();
  const canWrite = useCan('entries.write');
  const { typed, params, onFilter } = useEntryFilters();
  const [view, setView] = useListView();
  const [dialog, setDialog] = useState<OpenEntryDialog | null>(null);

  const list = useEntries(params);
  const employees = useEmployees().data ?? [];
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);

  const refresh = () => {
    if (!list.isFetching) void list.refetch();
  };
  const open = (kind: EntryDialogKind) => (entry: Entry) => setDialog({ kind, entry });
  const close = () => setDialog(null);
  const admin = useAdminActions(open('assign'), close);
  const actions: EntryActionHandlers = {
    onHistory: open('history'),
    // A role that may only read entries is not offered what the server would refuse.
    ...(canWrite ? { onEdit: open('edit'), onFollowUp: open('followup') } : {}),
    onDetails: open('details'),
    onChannels: open('channels'),
    ...(isAdmin ? admin.actions : {}),
  };

  return (
    <div className="entries-page">
      <PageHeader title="Entries" meta={<EntriesSummary role={role} first={list.data?.pages[0]} />}>
        {isPhone && (
          <>
            <ViewToggle view={view} onView={setView} className="entries-filters__view" />
            <RefreshButton refreshing={list.isFetching} onRefresh={refresh} />
          </>
        )}
      </PageHeader>
      <EntriesFilters
        values={typed}
        onChange={onFilter}
        employees={employees}
        bar={
          isPhone
            ? undefined
            : { refreshing: list.isFetching, onRefresh: refresh, view, onView: setView }
        }
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
