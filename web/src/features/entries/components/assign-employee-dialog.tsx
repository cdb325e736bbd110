import { useState } from 'react';
import type { FormEvent } from 'react';
import { Dialog } from '../../../lib/dialog';
import { DialogFormFooter } from '../../../lib/dialog-form-footer';
import { FormField } from '../../../lib/form-field';
import type { EmployeeChoice, Entry } from '../../../resources/entries';
import { employeeLabels } from '../model/employee-labels';
import { customerName } from '../model/entry-view';

/**
 * Reassigns an entry (admins, from the row's menu): the list shows the employee's name as text,
 * so the choice waits here. 'Unassigned' sends null.
 */
export function AssignEmployeeDialog({
  entry,
  employees,
  busy,
  onAssign,
  onClose,
}: {
  entry: Entry | null;
  employees: readonly EmployeeChoice[];
  busy: boolean;
  onAssign: (entry: Entry, employeeId: string | null) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={entry !== null}
      onClose={onClose}
      title={entry ? `Assign employee – ${customerName(entry)}` : 'Assign employee'}
    >
      {entry && (
        <AssignForm
          key={entry._id}
          entry={entry}
          employees={employees}
          busy={busy}
          onAssign={onAssign}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function AssignForm({
  entry,
  employees,
  busy,
  onAssign,
  onClose,
}: {
  entry: Entry;
  employees: readonly EmployeeChoice[];
  busy: boolean;
  onAssign: (entry: Entry, employeeId: string | null) => void;
  onClose: () => void;
}) {
  const current = entry.employee;
  const [choice, setChoice] = useState(current?._id ?? '');
  const listed = !current || employees.some((e) => e._id === current._id);
  const labels = employeeLabels(employees);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onAssign(entry, choice || null);
  }
  return (
    <form className="entries-dialog entries-form" onSubmit={onSubmit}>
      <FormField as="select" label="Employee" value={choice} onValueChange={setChoice}>
        <option value="">Unassigned</option>
        {!listed && current && <option value={current._id}>{current.name || current.email}</option>}
        {employees.map((employee) => (
          <option key={employee._id} value={employee._id}>
            {labels.get(employee._id)}
          </option>
        ))}
      </FormField>
      <DialogFormFooter error="" busy={busy} onCancel={onClose} />
    </form>
  );
}
