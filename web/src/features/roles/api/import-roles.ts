import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parseRolesFile } from '../permissions';
import { createRole } from './create-role';
import { signalRolesUpdated } from './signal-roles-updated';
import { queryKeys } from '../../../resources/query-keys';

/**
 * Creates the roles of an export file one by one (POST /admin/roles); a role the server refuses
 * is skipped silently (spec §5). Rejects only when the file itself cannot be read.
 */
export async function importRoles(text: string): Promise<{ created: number; total: number }> {
  const drafts = parseRolesFile(text);
  let created = 0;
  for (const draft of drafts) {
    try {
      await createRole(draft);
      created += 1;
    } catch {
      // Ignored on purpose: an existing or invalid role must not stop the rest.
    }
  }
  return { created, total: drafts.length };
}

export function useImportRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importRoles,
    onSuccess: () => {
      signalRolesUpdated();
      return queryClient.invalidateQueries({ queryKey: queryKeys.roles.all });
    },
  });
}
