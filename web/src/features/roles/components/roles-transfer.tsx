import { useRef } from 'react';
import type { ChangeEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';
import { useToast } from '../../../lib/toast';
import { useImportRoles } from '../api/import-roles';
import type { Role } from '../api/types';
import { rolesExportFileName, rolesExportJson } from '../permissions';

/** Export (a JSON file of the roles) and Import (one such file, role by role). */
export function RolesTransfer({
  roles,
  ready,
  onFailure,
}: {
  roles: readonly Role[];
  /** The roles have loaded: there is something to export. */
  ready: boolean;
  onFailure: (message: string | null) => void;
}) {
  const importRoles = useImportRoles();
  const toast = useToast();
  const fileRef = useRef<HTMLInputElement>(null);

  function exportRoles() {
    const json = rolesExportJson(roles);
    downloadBlob(new Blob([json], { type: 'application/json' }), rolesExportFileName());
  }

  async function onImportFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    input.value = ''; // the same file can be chosen again
    if (!file) return;
    onFailure(null);
    try {
      const { created, total } = await importRoles.mutateAsync(await file.text());
      toast.show(`Imported ${created} of ${total} roles`, 'success');
    } catch (error) {
      onFailure(`Import failed: ${errorMessage(error, 'Invalid file')}`);
    }
  }

  return (
    <>
      <button type="button" className="btn btn--outline" disabled={!ready} onClick={exportRoles}>
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
    </>
  );
}
