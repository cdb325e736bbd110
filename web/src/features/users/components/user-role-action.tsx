import { useId, useState } from 'react';
import type { User } from '../api/types';

export const userName = (user: User) => user.fullName || user.name || user.email || 'User';

/**
 * A role select and the button that applies it: 'Approve' for a user waiting for approval,
 * 'Change role' for an approved one (both are the approve call).
 */
export function UserRoleAction({
  user,
  roleNames,
  busy,
  onApply,
}: {
  user: User;
  roleNames: readonly string[];
  busy: boolean;
  onApply: (role: string) => void;
}) {
  const selectId = useId();
  const current = user.role ?? '';
  const options = current && !roleNames.includes(current) ? [current, ...roleNames] : roleNames;
  const [role, setRole] = useState(current);
  const approved = user.approved === true;
  const canApply = !busy && role !== '' && (!approved || role !== current);
  const name = userName(user);

  return (
    <div className="users-action">
      <label className="visually-hidden" htmlFor={selectId}>
        Role for {name}
      </label>
      <select
        id={selectId}
        className="ui-input users-action__select"
        value={role}
        onChange={(event) => setRole(event.target.value)}
      >
        {role === '' && <option value="">Select a role</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn--small"
        disabled={!canApply}
        aria-label={`${approved ? 'Change role of' : 'Approve'} ${name}`}
        onClick={() => onApply(role)}
      >
        {busy ? 'Saving...' : approved ? 'Change role' : 'Approve'}
      </button>
    </div>
  );
}
