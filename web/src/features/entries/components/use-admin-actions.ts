import { errorMessage } from '../../../lib/api-client';
import { useConfirm } from '../../../lib/confirm-dialog';
import { useToast } from '../../../lib/toast';
import {
  ASSIGN_FAILED,
  type Entry,
  useAssignEmployee,
  useConfirmEntry,
  useDeleteEntry,
} from '../../../resources/entries';
import { DELETE_QUESTION } from '../model/constants';
import type { EntryActionHandlers } from './entry-actions';

/**
 * What only admins do to an entry from the list: confirm it, delete it (after asking) and
 * assign it to an employee (`onAssign` opens the choice; `assignTo` saves it).
 */
export function useAdminActions(onAssign: (entry: Entry) => void, onAssigned: () => void) {
  const toast = useToast();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const confirmEntry = useConfirmEntry();
  const removeEntry = useDeleteEntry();
  const assign = useAssignEmployee();

  const fail = (fallback: string) => (error: unknown) =>
    toast.show(errorMessage(error, fallback), 'danger');

  const actions: Pick<EntryActionHandlers, 'onConfirm' | 'onDelete' | 'onAssign'> = {
    onConfirm: (entry) =>
      confirmEntry.mutate(entry._id, {
        onSuccess: () => toast.show('Entry confirmed', 'success'),
        onError: fail('Confirm failed'),
      }),
    onDelete: (entry) =>
      void confirm(DELETE_QUESTION, { confirmLabel: 'Delete', tone: 'danger' }).then((ok) => {
        if (!ok) return;
        removeEntry.mutate(entry._id, {
          onSuccess: () => toast.show('Entry deleted', 'success'),
          onError: fail('Delete failed'),
        });
      }),
    onAssign,
  };
  const assignTo = (entry: Entry, employeeId: string | null) =>
    assign.mutate(
      { id: entry._id, employeeId },
      {
        onSuccess: () => {
          toast.show(employeeId ? 'Employee assigned' : 'Unassigned', 'success');
          onAssigned();
        },
        onError: fail(ASSIGN_FAILED),
      },
    );

  return { actions, assignTo, assigning: assign.isPending, confirmDialog };
}
