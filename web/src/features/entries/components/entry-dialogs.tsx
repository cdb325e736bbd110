import type { EmployeeChoice, Entry } from '../../../resources/entries';
import { AssignEmployeeDialog } from './assign-employee-dialog';
import { ChannelDetailsDialog } from './channel-details-dialog';
import { EditEntryDialog } from './edit-entry-dialog';
import { EntryDetailsDialog } from './entry-details-dialog';
import { FollowUpDialog } from './follow-up-dialog';
import { HistoryDialog } from './history-dialog';

export type EntryDialogKind = 'details' | 'channels' | 'history' | 'followup' | 'edit' | 'assign';
/** The dialog open over the list, and its entry. */
export type OpenEntryDialog = { kind: EntryDialogKind; entry: Entry };

/** The Entries screen's dialogs; at most one (`open`) shows. */
export function EntryDialogs({
  open,
  onOpen,
  onClose,
  employees,
  assigning,
  onAssign,
}: {
  open: OpenEntryDialog | null;
  onOpen: (kind: EntryDialogKind) => (entry: Entry) => void;
  onClose: () => void;
  employees: EmployeeChoice[];
  assigning: boolean;
  onAssign: (entry: Entry, employeeId: string | null) => void;
}) {
  const entryOf = (kind: EntryDialogKind) => (open?.kind === kind ? open.entry : null);
  return (
    <>
      <EntryDetailsDialog
        entry={entryOf('details')}
        onClose={onClose}
        onChannels={onOpen('channels')}
      />
      <ChannelDetailsDialog entry={entryOf('channels')} onClose={onClose} />
      <HistoryDialog entry={entryOf('history')} onClose={onClose} />
      <FollowUpDialog entry={entryOf('followup')} onClose={onClose} />
      <EditEntryDialog entry={entryOf('edit')} onClose={onClose} />
      <AssignEmployeeDialog
        entry={entryOf('assign')}
        employees={employees}
        busy={assigning}
        onAssign={onAssign}
        onClose={onClose}
      />
    </>
  );
}
