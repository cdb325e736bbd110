import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { CreateEntryBody, CreatedEntry } from './types';

export const CREATE_FAILED = 'Failed to create entry';

/** POST /entries: the entry is saved even when a send fails (`failed` names those). */
export function createEntry(body: CreateEntryBody): Promise<CreatedEntry> {
  return api.post<CreatedEntry>('/entries', body, { fallbackMessage: CREATE_FAILED });
}

/** The entries lists and every dashboard figure change with a new entry. */
function changedByNewEntry(queryKey: QueryKey): boolean {
  const [resource] = queryKey;
  return (
    typeof resource === 'string' && (resource === 'entries' || resource.startsWith('dashboard'))
  );
}

export function useCreateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEntry,
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => changedByNewEntry(query.queryKey) }),
  });
}
