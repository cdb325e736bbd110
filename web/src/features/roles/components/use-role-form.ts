import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useCreateRole } from '../api/create-role';
import type { Role } from '../api/types';
import { useUpdateRole } from '../api/update-role';
import { normaliseRoleName } from '../permissions';
import { EMPTY_ROLE_FORM, formPermissions } from './role-form';
import type { RoleFormValue } from './role-form';

/**
 * The add / edit role form's state: the values, the role being edited (none: adding), the
 * name's error, and Save, which creates or updates and reports a refusal through `onFailure`.
 */
export function useRoleForm(onFailure: (message: string | null) => void) {
  const createRole = useCreateRole();
  const updateRole = useUpdateRole();
  const [form, setForm] = useState<RoleFormValue>(EMPTY_ROLE_FORM);
  const [editing, setEditing] = useState<Role | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  function reset() {
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
    onFailure(null);
    const draft = { name, permissions: formPermissions(form) };
    const options = {
      onSuccess: reset,
      onError: (error: Error) =>
        onFailure(errorMessage(error, editing ? 'Update failed' : 'Create failed')),
    };
    if (editing) updateRole.mutate({ id: editing._id, ...draft }, options);
    else createRole.mutate(draft, options);
  }

  function edit(role: Role) {
    setEditing(role);
    setForm({ name: role.name, text: role.permissions.join(', '), picked: [] });
    setFormError(null);
    nameRef.current?.focus();
  }

  /** Fills the form from a preset (a name and its permissions). */
  function fill(preset: { name: string; permissions: readonly string[] }) {
    setForm({ name: preset.name, text: preset.permissions.join(', '), picked: [] });
    setFormError(null);
  }

  return {
    form,
    setForm,
    editing,
    formError,
    nameRef,
    busy: createRole.isPending || updateRole.isPending,
    reset,
    save,
    edit,
    fill,
  };
}
