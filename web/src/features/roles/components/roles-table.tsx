import type { Role } from '../api/types';

/** The mobile role cell lists this many permissions. */
const MOBILE_PERMISSIONS = 3;

/** Roles, sorted by name by the caller: Role, Permissions, Users using, Edit/Delete. */
export function RolesTable({
  roles,
  isPhone,
  onEdit,
  onDelete,
}: {
  roles: readonly Role[];
  isPhone: boolean;
  onEdit: (role: Role) => void;
  onDelete: (role: Role) => void;
}) {
  return (
    <div className="ui-table-wrap">
      <table className="ui-table roles-table">
        <thead>
          <tr>
            <th scope="col">Role</th>
            {!isPhone && <th scope="col">Permissions</th>}
            <th scope="col">Users using</th>
            <th scope="col">Edit/Delete</th>
          </tr>
        </thead>
        <tbody>
          {roles.map((role) => (
            <tr key={role._id}>
              <td>
                <span className="roles-table__name">{role.name}</span>
                {isPhone && <MobilePermissions permissions={role.permissions} />}
              </td>
              {!isPhone && (
                <td>
                  {role.permissions.length ? (
                    <ul className="ui-chips">
                      {role.permissions.map((permission) => (
                        <li key={permission} className="ui-chip ui-chip--static">
                          {permission}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="ui-muted">—</span>
                  )}
                </td>
              )}
              <td>{role.usersCount ?? 0}</td>
              <td>
                <div className="ui-actions">
                  <button
                    type="button"
                    className="btn btn--outline btn--small"
                    aria-label={`Edit ${role.name}`}
                    onClick={() => onEdit(role)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn btn--danger-outline btn--small"
                    aria-label={`Delete ${role.name}`}
                    onClick={() => onDelete(role)}
                  >
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MobilePermissions({ permissions }: { permissions: readonly string[] }) {
  const shown = permissions.slice(0, MOBILE_PERMISSIONS);
  const more = permissions.length - shown.length;
  if (shown.length === 0) return null;
  return (
    <ul className="ui-chips roles-table__mobile-permissions">
      {shown.map((permission) => (
        <li key={permission} className="ui-chip ui-chip--static">
          {permission}
        </li>
      ))}
      {more > 0 && <li className="ui-muted">+{more} more</li>}
    </ul>
  );
}
