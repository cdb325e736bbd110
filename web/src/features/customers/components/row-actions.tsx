import type { Customer } from '../api/types';
import { customerLabel } from '../model/customer-label';

export type RowActionHandlers = {
  onAddEntry: (customer: Customer) => void;
  onEdit: (customer: Customer) => void;
  /** Absent for employees: only admins delete customers. */
  onDelete?: (customer: Customer) => void;
};

/** Add Entry, Edit and (admins) Delete; each button names its customer for screen readers. */
export function RowActions({
  customer,
  onAddEntry,
  onEdit,
  onDelete,
}: { customer: Customer } & RowActionHandlers) {
  const name = customerLabel(customer);
  return (
    <div className="row-actions">
      <button
        type="button"
        className="btn btn--outline btn--small"
        aria-label={`Add Entry ${name}`}
        onClick={() => onAddEntry(customer)}
      >
        Add Entry
      </button>
      <button
        type="button"
        className="btn btn--outline btn--small"
        aria-label={`Edit ${name}`}
        onClick={() => onEdit(customer)}
      >
        Edit
      </button>
      {onDelete && (
        <button
          type="button"
          className="btn btn--danger-outline btn--small"
          aria-label={`Delete ${name}`}
          onClick={() => onDelete(customer)}
        >
          Delete
        </button>
      )}
    </div>
  );
}
