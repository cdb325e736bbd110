import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { DismissibleAlert } from '../../../lib/dismissible-alert';
import { useConfirm } from '../../../lib/confirm-dialog';
import { PageHeader } from '../../../lib/page-header';
import { useToast } from '../../../lib/toast';
import { useIsPhone } from '../../../lib/use-media-query';
import { useRoles } from '../../../resources/roles';
import { useDeleteRole } from '../api/delete-role';
import type { Role } from '../api/types';
import { BulkAssignDialog } from './bulk-assign-dialog';
import { PermissionPickerDialog } from './permission-picker-dialog';
import { RoleForm } from './role-form';
import { RolePresets } from './role-presets';
import { RolesList, sortedRoles } from './roles-list';
import { RolesTransfer } from './roles-transfer';
import { useRoleForm } from './use-role-form';
import '../../../lib/ui.css';
import './roles.css';

const IN_USE = 'This role is in use by users. Reassign users first.';

/** Roles & Access: presets, the add / edit form, the roles list, export, import, bulk assign. */
export function RolesPage() {
  const roles = useRoles();
  const deleteRole = useDeleteRole();
  const toast = useToast();
  const isPhone = useIsPhone();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [failure, setFailure] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [assignOpen, setAssignOpen] = useState(false);
  const roleForm = useRoleForm(setFailure);
  const all = sortedRoles(roles.data);

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
          if (roleForm.editing?._id === role._id) roleForm.reset();
          toast.show(`Role ${role.name} deleted`, 'success');
        },
        onError: (error) => setFailure(errorMessage(error, 'Delete failed')),
      },
    );
  }

  return (
    <>
      <PageHeader
        title="Roles & Access"
        subtitle="Create roles, manage permissions, and assign to users."
      >
        <RolesTransfer roles={all} ready={roles.isSuccess} onFailure={setFailure} />
      </PageHeader>

      <DismissibleAlert message={failure} onDismiss={() => setFailure(null)} />

      <RolePresets onPick={roleForm.fill} />

      <RoleForm
        mode={roleForm.editing ? 'edit' : 'add'}
        value={roleForm.form}
        onChange={roleForm.setForm}
        onSubmit={roleForm.save}
        onCancel={roleForm.reset}
        onOpenPicker={() => setPickerOpen(true)}
        error={roleForm.formError}
        busy={roleForm.busy}
        nameRef={roleForm.nameRef}
      />

      <RolesList
        roles={roles}
        isPhone={isPhone}
        onEdit={roleForm.edit}
        onDelete={(role) => void remove(role)}
        onBulkAssign={() => setAssignOpen(true)}
      />

      <PermissionPickerDialog
        open={pickerOpen}
        selected={roleForm.form.picked}
        onChange={(picked) => roleForm.setForm((current) => ({ ...current, picked }))}
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
