import { useId, useRef, useState } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { DismissibleAlert } from '../../../lib/dismissible-alert';
import { useConfirm } from '../../../lib/confirm-dialog';
import { downloadBlob } from '../../../lib/download';
import { PageHeader } from '../../../lib/page-header';
import { useToast } from '../../../lib/toast';
import { useIsPhone } from '../../../lib/use-media-query';
import { useCreateRole } from '../api/create-role';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../../../resources/roles';
import { useImportRoles } from '../api/import-roles';
import type { Role } from '../api/types';
import { useUpdateRole } from '../api/update-role';
import { normaliseRoleName, rolesExportFileName, rolesExportJson } from '../permissions';
import { BULK_ASSIGN_TITLE, BulkAssignDialog } from './bulk-assign-dialog';
import { PermissionPickerDialog } from './permission-picker-dialog';
import { EMPTY_ROLE_FORM, RoleForm, formPermissions } from './role-form';
import type { RoleFormValue } from './role-form';
import { RolePresets } from './role-presets';
import { RolesTable } from './roles-table';
import '../../../lib/ui.css';
import './roles.css';

const IN_USE = 'This role is in use by users. Reassign users first.';

/** Roles & Access (spec §2, §4, §5). */
export function RolesPage() {
  const roles = useRoles();
  const createRole = useCreateRole();
  const updateRole = useUpdateRole();
  const deleteRole = useDeleteRole();
  const importRoles = useImportRoles();
  const toast = useToast();
  const isPhone = useIsPhone();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const searchId = useId();

  const [form, setForm] = useState<RoleFormValue>(EMPTY_ROLE_FORM);
  const [editing, setEditing] = useState<Role | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [assignOpen, setAssignOpen] = useState(false);
  const [search, setSearch] = useState('');
  const nameRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const all = [...(roles.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? all.filter((role) =>
        [role.name, ...role.permissions].some((text) => text.toLowerCase().includes(needle)),
      )
    : all;

  function resetForm() {
    setEditing(null);
    setForm(EMPTY_ROLE_FORM);
    setFormError(null);
  }

  function save() {
    const name = normaliseRoleName(form.name);
    if (!name) {
      setFormError('Role name required');
      return;
    }
    setFormError(null);
    setFailure(null);
    const draft = { name, permissions: formPermissions(form) };
    const options = {
      onSuccess: resetForm,
      onError: (error: Error) =>
        setFailure(errorMessage(error, editing ? 'Update failed' : 'Create failed')),
    };
    if (editing) updateRole.mutate({ id: editing._id, ...draft }, options);
    else createRole.mutate(draft, options);
  }

  function startEdit(role: Role) {
    setEditing(role);
    setForm({ name: role.name, text: role.permissions.join(', '), picked: [] });
    setFormError(null);
    nameRef.current?.focus();
  }

  async function remove(role: Role) {
    setFailure(null);
    if ((role.usersCount ?? 0) > 0) {
      setFailure(IN_USE);
      return;
    }
    if (!(await confirm(`Delete role "${role.name}"?`, { confirmLabel: 'Delete', tone: 'danger' })))
      return;
    deleteRole.mutate(
      { id: role._id },
      {
        onSuccess: () => {
          if (editing?._id === role._id) resetForm();
          toast.show(`Role ${role.name} deleted`, 'success');
        },
        onError: (error) => setFailure(errorMessage(error, 'Delete failed')),
      },
    );
  }

  function exportRoles() {
    const json = rolesExportJson(all);
    downloadBlob(new Blob([json], { type: 'application/json' }), rolesExportFileName());
  }

  async function onImportFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    input.value = ''; // the same file can be chosen again
    if (!file) return;
    setFailure(null);
    try {
      const { created, total } = await importRoles.mutateAsync(await file.text());
      toast.show(`Imported ${created} of ${total} roles`, 'success');
    } catch (error) {
      setFailure(`Import failed: ${errorMessage(error, 'Invalid file')}`);
    }
  }

  let table: ReactNode;
  if (roles.isPending) {
    table = <p role="status">Loading…</p>;
  } else if (roles.isError) {
    table = (
      <p className="ui-error-text" role="alert">
        {errorMessage(roles.error, 'Failed to load roles')}
      </p>
    );
  } else if (all.length === 0) {
    table = <p className="ui-empty">No roles yet</p>;
  } else if (shown.length === 0) {
    table = <p className="ui-empty">No matches</p>;
  } else {
    table = (
      <RolesTable
        roles={shown}
        isPhone={isPhone}
        onEdit={startEdit}
        onDelete={(role) => void remove(role)}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Roles & Access"
        subtitle="Create roles, manage permissions, and assign to users."
      >
        <button
          type="button"
          className="btn btn--outline"
          disabled={!roles.isSuccess}
          onClick={exportRoles}
        >
          Export
        </button>
        <button
          type="button"
          className="btn btn--outline"
          disabled={importRoles.isPending}
          onClick={() => fileRef.current?.click()}
        >
          {importRoles.isPending ? 'Importing...' : 'Import'}
        </button>
        <input
          ref={fileRef}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="roles-import-file"
          onChange={(event) => void onImportFile(event)}
        />
      </PageHeader>

      <DismissibleAlert message={failure} onDismiss={() => setFailure(null)} />

      <RolePresets
        onPick={(preset) => {
          setForm({ name: preset.name, text: preset.permissions.join(', '), picked: [] });
          setFormError(null);
        }}
      />

      <RoleForm
        mode={editing ? 'edit' : 'add'}
        value={form}
        onChange={setForm}
        onSubmit={save}
        onCancel={resetForm}
        onOpenPicker={() => setPickerOpen(true)}
        error={formError}
        busy={createRole.isPending || updateRole.isPending}
        nameRef={nameRef}
      />

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
            onClick={() => setAssignOpen(true)}
          >
            {BULK_ASSIGN_TITLE}
          </button>
        </div>
        {table}
      </section>

      <PermissionPickerDialog
        open={pickerOpen}
        selected={form.picked}
        onChange={(picked) => setForm((current) => ({ ...current, picked }))}
        onClose={() => setPickerOpen(false)}
      />
      <BulkAssignDialog
        open={assignOpen}
        roleNames={all.map((role) => role.name)}
        onClose={() => setAssignOpen(false)}
      />
      {confirmDialog}
    </>
  );
}
