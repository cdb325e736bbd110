import type { Entry } from '../api/types';
import { customerName, statusOf } from '../model/entry-view';

export type EntryActionHandlers = {
  onHistory: (entry: Entry) => void;
  onEdit: (entry: Entry) => void;
  onFollowUp: (entry: Entry) => void;
  onDetails: (entry: Entry) => void;
  onChannels: (entry: Entry) => void;
  /** Absent for employees: only admins confirm, delete and assign. */
  onConfirm?: (entry: Entry) => void;
  onDelete?: (entry: Entry) => void;
  onAssign?: (entry: Entry, employeeId: string | null) => void;
};

/** History, Confirm (admin, not yet confirmed), Edit, Follow-up, Show details, Delete (admin). */
export function EntryActions({ entry, ...on }: { entry: Entry } & EntryActionHandlers) {
  const button = 'btn btn--outline btn--small';
  return (
    <div className="entries-actions" role="group" aria-label={`Actions for ${customerName(entry)}`}>
      <button type="button" className={button} onClick={() => on.onHistory(entry)}>
        History
      </button>
      {on.onConfirm && statusOf(entry) !== 'confirmed' && (
        <button type="button" className="btn btn--small" onClick={() => on.onConfirm?.(entry)}>
          Confirm
        </button>
      )}
      <button type="button" className={button} onClick={() => on.onEdit(entry)}>
        Edit
      </button>
      <button type="button" className={button} onClick={() => on.onFollowUp(entry)}>
        Follow-up
      </button>
      <button type="button" className={button} onClick={() => on.onDetails(entry)}>
        Show details
      </button>
      {on.onDelete && (
        <button
          type="button"
          className="btn btn--danger-outline btn--small"
          onClick={() => on.onDelete?.(entry)}
        >
          Delete
        </button>
      )}
    </div>
  );
}
