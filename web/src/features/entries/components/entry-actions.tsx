import { ActionMenu, type ActionMenuItem } from '../../../lib/action-menu';
import type { Entry } from '../../../resources/entries';
import { customerName, statusOf } from '../model/entry-view';

export type EntryActionHandlers = {
  onHistory: (entry: Entry) => void;
  /** Absent without entries.write, as Follow-up. */
  onEdit?: (entry: Entry) => void;
  onFollowUp?: (entry: Entry) => void;
  onDetails: (entry: Entry) => void;
  onChannels: (entry: Entry) => void;
  /** Absent for employees: only admins confirm, delete and assign. */
  onConfirm?: (entry: Entry) => void;
  onDelete?: (entry: Entry) => void;
  /** Opens the choice of employee for the entry. */
  onAssign?: (entry: Entry) => void;
};

/**
 * History, Confirm (admin, not yet confirmed), Edit and Follow-up (with entries.write), Show
 * details, Assign employee and Delete (admins): the likeliest one as a button (Confirm while an
 * admin has it to do, else Follow-up, else History), the rest in the row's menu.
 */
export function EntryActions({ entry, ...on }: { entry: Entry } & EntryActionHandlers) {
  const name = customerName(entry);
  const confirm = on.onConfirm && statusOf(entry) !== 'confirmed' ? on.onConfirm : undefined;
  const remove = on.onDelete;
  const { onEdit, onFollowUp } = on;
  const items: ActionMenuItem[] = [
    { label: 'History', onSelect: () => on.onHistory(entry) },
    ...(confirm ? [{ label: 'Confirm', onSelect: () => confirm(entry) }] : []),
    ...(onEdit ? [{ label: 'Edit', onSelect: () => onEdit(entry) }] : []),
    ...(onFollowUp ? [{ label: 'Follow-up', onSelect: () => onFollowUp(entry) }] : []),
    { label: 'Show details', onSelect: () => on.onDetails(entry) },
    ...(on.onAssign ? [{ label: 'Assign employee', onSelect: () => on.onAssign?.(entry) }] : []),
    ...(remove
      ? [{ label: 'Delete', tone: 'danger' as const, onSelect: () => remove(entry) }]
      : []),
  ];
  const primaryLabel = confirm ? 'Confirm' : onFollowUp ? 'Follow-up' : 'History';
  const primary = items.find((item) => item.label === primaryLabel)!;
  return (
    <div className="entries-actions" role="group" aria-label={`Actions for ${name}`}>
      <button
        type="button"
        className={confirm ? 'btn btn--small' : 'btn btn--outline btn--small'}
        onClick={primary.onSelect}
      >
        {primary.label}
      </button>
      <ActionMenu
        label={`More actions for ${name}`}
        items={items.filter((item) => item !== primary)}
      />
    </div>
  );
}
