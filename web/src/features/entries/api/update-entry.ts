import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { entryPath } from './entry-params';
import type { Attachment, Entry } from './types';
import { queryKeys } from '../../../resources/query-keys';

export const UPDATE_FAILED = 'Update failed';

/** What PUT /entries/{id} takes (spec §7): only the fields sent change. */
export type EntryUpdate = {
  description: string;
  category: string;
  amount: number;
  channel: string;
  tags: string[];
  process: string;
  extraNote: string;
  /** The attachments kept; the others are removed. */
  attachments: Attachment[];
  customer: { names: string[]; phones: string[]; emails: string[] };
};

export function updateEntry({ id, update }: { id: string; update: EntryUpdate }) {
  return api.put<Entry>(entryPath(id), update, { fallbackMessage: UPDATE_FAILED });
}

export function useUpdateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.entries.all }),
  });
}
