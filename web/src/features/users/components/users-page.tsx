import { formatPhone } from '../../../lib/phone';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { DismissibleAlert } from '../../../lib/dismissible-alert';
import { PageHeader } from '../../../lib/page-header';
import { useStoredValue } from '../../../lib/storage';
import { useToast } from '../../../lib/toast';
import { useIsPhone } from '../../../lib/use-media-query';
import { useRoles } from '../../../resources/roles';
import { useApproveUser, useReloadUsers, useUsers } from '../../../resources/users';
import type { User } from '../api/types';
import { UserRoleAction, userName } from './user-role-action';
import '../../../lib/ui.css';
import './users.css';

const dash = (value?: string) => value?.trim() || '—';

function loadError(error: Error): string {
  return error instanceof ApiError && error.status === 403
    ? 'Access denied (admin only).'
    : error.message || 'Failed to load users';
}

/** Reloads users and roles when the window regains focus or another view changes roles. */
function useReloadSignals() {
  const reloadUsers = useReloadUsers();
  const rolesUpdated = useStoredValue('rolesUpdated');
  const seen = useRef(rolesUpdated);

  useEffect(() => {
    const reload = () => void reloadUsers();
    if (seen.current !== rolesUpdated) {
      seen.current = rolesUpdated;
      reload();
    }
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [reloadUsers, rolesUpdated]);
}

/** Users: every account with its role; approve with a role or change the role. */
export function UsersPage() {
  const users = useUsers();
  const roles = useRoles();
  const approve = useApproveUser();
  const toast = useToast();
  const isPhone = useIsPhone();
  const [failure, setFailure] = useState<string | null>(null);
  useReloadSignals();

  const roleNames = (roles.data ?? []).map((role) => role.name).sort((a, b) => a.localeCompare(b));
  const list = users.data ?? [];

  function apply(user: User, role: string) {
    setFailure(null);
    approve.mutate(
      { id: user._id, role },
      {
        onSuccess: () =>
          toast.show(
            user.approved
              ? `${userName(user)} is now ${role}`
              : `${userName(user)} approved as ${role}`,
            'success',
          ),
        onError: (error) => setFailure(errorMessage(error, 'Action failed')),
      },
    );
  }

  const action = (user: User) => (
    <UserRoleAction
      // A new role from the server resets the select to it.
      key={`${user._id}:${user.role ?? ''}:${String(user.approved)}`}
      user={user}
      roleNames={roleNames}
      busy={approve.isPending && approve.variables?.id === user._id}
      onApply={(role) => apply(user, role)}
    />
  );

  let body: ReactNode;
  if (users.isPending) {
    body = <p role="status">Loading…</p>;
  } else if (users.isError) {
    body = (
      <p className="ui-alert" role="alert">
        {loadError(users.error)}
      </p>
    );
  } else if (list.length === 0) {
    body = (
      <div className="ui-empty">
        <p className="ui-empty__title">No users</p>
      </div>
    );
  } else if (isPhone) {
    body = (
      <ul className="ui-cards">
        {list.map((user) => (
          <li key={user._id} className="ui-card">
            <div className="ui-card__head">
              <span className="ui-card__title">{userName(user)}</span>
              <ApprovedBadge approved={user.approved} />
            </div>
            <dl className="ui-card__fields">
              <dt>Email</dt>
              <dd>{dash(user.email)}</dd>
              <dt>Phone</dt>
              <dd>{dash(formatPhone(user.phone ?? ''))}</dd>
              <dt>Role</dt>
              <dd>{dash(user.role)}</dd>
            </dl>
            {action(user)}
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <div className="ui-table-wrap">
        <table className="ui-table">
          <thead>
            <tr>
              {['Name', 'Email', 'Phone', 'Role', 'Approved', 'Action'].map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.map((user) => (
              <tr key={user._id}>
                <td>{dash(user.fullName || user.name)}</td>
                <td>{dash(user.email)}</td>
                <td>{dash(formatPhone(user.phone ?? ''))}</td>
                <td>{dash(user.role)}</td>
                <td>
                  <ApprovedBadge approved={user.approved} />
                </td>
                <td>{action(user)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <>
      <PageHeader title="Users">
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => {
            setFailure(null);
            void users.refetch();
            void roles.refetch();
          }}
        >
          Refresh
        </button>
      </PageHeader>
      <DismissibleAlert message={failure} onDismiss={() => setFailure(null)} />
      {body}
    </>
  );
}

function ApprovedBadge({ approved }: { approved?: boolean }) {
  return approved ? (
    <span className="ui-badge ui-badge--success">Yes</span>
  ) : (
    <span className="ui-badge ui-badge--gray">No</span>
  );
}
