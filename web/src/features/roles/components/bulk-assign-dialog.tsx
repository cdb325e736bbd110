import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Dialog } from '../../../lib/dialog';
import { DialogFormFooter } from '../../../lib/dialog-form-footer';
import { useToast } from '../../../lib/toast';
import { useAssignRole } from '../api/assign-role';
import { useUsers } from '../../../resources/users';
import type { User } from '../api/types';

export const BULK_ASSIGN_TITLE = 'Bulk Assign Users → Role';

const userLabel = (user: User) => user.fullName || user.name || user.email || 'User';

/** Gives one role to the checked users (spec §2, §5). Closing clears the checked users. */
export function BulkAssignDialog({
  open,
  roleNames,
  onClose,
}: {
  open: boolean;
  roleNames: readonly string[];
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={BULK_ASSIGN_TITLE}>
      {/* Mounted only while open: closing drops the checked users and any message. */}
      <BulkAssignBody roleNames={roleNames} onClose={onClose} />
    </Dialog>
  );
}

function BulkAssignBody({
  roleNames,
  onClose,
}: {
  roleNames: readonly string[];
  onClose: () => void;
}) {
  const id = useId();
  const users = useUsers();
  const assign = useAssignRole();
  const toast = useToast();
  const [role, setRole] = useState('');
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState('');

  function toggle(userId: string, on: boolean) {
    const next = new Set(checked);
    if (on) next.add(userId);
    else next.delete(userId);
    setChecked(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (assign.isPending) return;
    if (!role) {
      setError('Pick a role');
      return;
    }
    setError('');
    assign.mutate(
      { role, userIds: [...checked] },
      {
        onSuccess: () => {
          toast.show(`Role ${role} assigned`, 'success');
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure, 'Assign failed')),
      },
    );
  }

  return (
    <form className="roles-assign" onSubmit={submit} noValidate>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={`${id}-role`}>
          Role
        </label>
        <select
          id={`${id}-role`}
          className="ui-input"
          value={role}
          onChange={(event) => setRole(event.target.value)}
        >
          <option value="">Select a role</option>
          {roleNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>

      <fieldset className="roles-assign__users">
        <legend className="ui-field__label">Users</legend>
        {users.isPending ? (
          <p role="status">Loading…</p>
        ) : users.isError ? (
          <p className="ui-error-text" role="alert">
            {users.error.message}
          </p>
        ) : users.data.length === 0 ? (
          <p className="ui-muted">No users</p>
        ) : (
          <ul className="roles-assign__list">
            {users.data.map((user) => (
              <li key={user._id}>
                <label className="roles-assign__user">
                  <input
                    type="checkbox"
                    className="ui-checkbox"
                    checked={checked.has(user._id)}
                    onChange={(event) => toggle(user._id, event.target.checked)}
                  />
                  <span>
                    {userLabel(user)}{' '}
                    <span className="ui-muted">({user.role?.trim() || 'no role'})</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <DialogFormFooter
        error={error}
        busy={assign.isPending}
        submitLabel="Assign"
        busyLabel="Assigning..."
        onCancel={onClose}
      />
    </form>
  );
}
