import { useId, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import type { Role } from '../api/types';
import { BULK_ASSIGN_TITLE } from './bulk-assign-dialog';
import { RolesTable } from './roles-table';

/** The roles, sorted by name, searchable by name or permission, in each state of their load. */
export function RolesList({
  roles,
  isPhone,
  onEdit,
  onDelete,
  onBulkAssign,
}: {
  roles: UseQueryResult<Role[]>;
  isPhone: boolean;
  onEdit: (role: Role) => void;
  onDelete: (role: Role) => void;
  onBulkAssign: () => void;
}) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const all = sortedRoles(roles.data);
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? all.filter((role) =>
        [role.name, ...role.permissions].some((text) => text.toLowerCase().includes(needle)),
      )
    : all;

  let table;
  if (roles.isPending) table = <p role="status">Loading…</p>;
  else if (roles.isError)
    table = (
      <p className="ui-error-text" role="alert">
        {errorMessage(roles.error, 'Failed to load roles')}
      </p>
    );
  else if (all.length === 0) table = <p className="ui-empty">No roles yet</p>;
  else if (shown.length === 0) table = <p className="ui-empty">No matches</p>;
  else table = <RolesTable roles={shown} isPhone={isPhone} onEdit={onEdit} onDelete={onDelete} />;

  return (
    <section aria-label="Roles">
      <div className="roles-toolbar">
        <label className="visually-hidden" htmlFor={searchId}>
          Search roles / permissions
        </label>
        <input
          id={searchId}
          className="ui-input roles-toolbar__search"
          type="search"
          placeholder="Search roles / permissions"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <button
          type="button"
          className="btn btn--outline"
          aria-haspopup="dialog"
          onClick={onBulkAssign}
        >
          {BULK_ASSIGN_TITLE}
        </button>
      </div>
      {table}
    </section>
  );
}

/** The roles by name, as the list, the export and the bulk-assign picker show them. */
export function sortedRoles(roles: readonly Role[] | undefined): Role[] {
  return [...(roles ?? [])].sort((a, b) => a.name.localeCompare(b.name));
}
