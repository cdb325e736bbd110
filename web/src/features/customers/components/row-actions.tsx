import { ActionMenu } from '../../../lib/action-menu';
import type { Customer } from '../api/types';
import { customerLabel } from '../model/customer-label';

/** Each absent when the role may not: Add Entry needs entries.write, Edit customers.write. */
export type RowActionHandlers = {
  onAddEntry?: (customer: Customer) => void;
  onEdit?: (customer: Customer) => void;
  /** Absent for employees: only admins delete customers. */
  onDelete?: (customer: Customer) => void;
};

/**
 * Add Entry, the likeliest, as a button; Edit and (admins) Delete in the row's menu, so the
 * row's room goes to the customer's name, phone and email. Each names its customer.
 */
export function RowActions({
  customer,
  onAddEntry,
  onEdit,
  onDelete,
}: { customer: Customer } & RowActionHandlers) {
  const name = customerLabel(customer);
  const more = [
    ...(onEdit
      ? [{ label: 'Edit', ariaLabel: `Edit ${name}`, onSelect: () => onEdit(customer) }]
      : []),
    ...(onDelete
      ? [
          {
            label: 'Delete',
            ariaLabel: `Delete ${name}`,
            tone: 'danger' as const,
            onSelect: () => onDelete(customer),
          },
        ]
      : []),
  ];
  return (
    <div className="row-actions">
      {onAddEntry && (
        <button
          type="button"
          className="btn btn--outline btn--small"
          aria-label={`Add Entry ${name}`}
          onClick={() => onAddEntry(customer)}
        >
          Add Entry
        </button>
      )}
      {more.length > 0 && <ActionMenu label={`More actions for ${name}`} items={more} />}
    </div>
  );
}
