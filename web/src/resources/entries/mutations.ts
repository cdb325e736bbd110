// What the app changes of entries, and which cached reads each change makes stale: every
// entries query (lists, histories, timelines), except where a change says otherwise below.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { api, apiPath } from '../../lib/api-client';
import { invalidateOthers } from '../invalidate-others';
import { queryKeys } from '../query-keys';
import type { CreateEntryBody, CreatedEntry } from './create-types';
import type { Entry, EntryUpdate, FollowUpRequest } from './types';

const invalidateEntries = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.entries.all });

/** A change of an entry, which refreshes every entries query once it is saved. */
function useEntryMutation<Variables, Answer>(
  mutationFn: (variables: Variables) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateEntries(queryClient) });
}

export const CREATE_FAILED = 'Failed to create entry';

/** POST /entries: the entry is saved even when a send fails (`failed` names those). */
export function createEntry(body: CreateEntryBody): Promise<CreatedEntry> {
  return api.post('/entries', body, { fallbackMessage: CREATE_FAILED });
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

export const UPDATE_FAILED = 'Update failed';

export function updateEntry({ id, update }: { id: string; update: Partial<EntryUpdate> }) {
  return api.put(apiPath('/entries/:id', { id }), update, {
    fallbackMessage: UPDATE_FAILED,
  });
}

export const useUpdateEntry = () => useEntryMutation(updateEntry);

/** DELETE /entries/{id}; admins only ('Only admin can delete'). */
export function deleteEntry(id: string): Promise<unknown> {
  return api.delete(apiPath('/entries/:id', { id }), { fallbackMessage: 'Delete failed' });
}

export const useDeleteEntry = () => useEntryMutation(deleteEntry);

/** POST /entries/{id}/confirm; admins only ('Only admin can confirm'). */
export function confirmEntry(id: string): Promise<Entry> {
  return api.post(apiPath('/entries/:id/confirm', { id }), undefined, {
    fallbackMessage: 'Confirm failed',
  });
}

export const useConfirmEntry = () => useEntryMutation(confirmEntry);

export const ASSIGN_FAILED = 'Failed to assign';

/** PUT /admin/entries/{id}/assign-employee; `employeeId` null unassigns. Admins only. */
export function assignEmployee({ id, employeeId }: { id: string; employeeId: string | null }) {
  return api.put(
    apiPath('/admin/entries/:id/assign-employee', { id }),
    { employeeId },
    { fallbackMessage: ASSIGN_FAILED },
  );
}

export const useAssignEmployee = () => useEntryMutation(assignEmployee);

export const RESEND_FAILED = 'Resend failed';

/**
 * POST /entries/{id}/resend: only the chosen channels again, with `message` on each of them
 * when one is typed, else with their stored texts.
 */
export function resendEntry({
  id,
  whatsapp,
  email,
  message = '',
}: {
  id: string;
  whatsapp: boolean;
  email: boolean;
  message?: string;
}) {
  return api.post(
    apiPath('/entries/:id/resend', { id }),
    {
      ...(message && { message }),
      descriptionTemplate: null,
      send: { whatsapp: whatsapp ? {} : null, email: email ? {} : null },
    },
    { fallbackMessage: RESEND_FAILED },
  );
}

export const useResendEntry = () => useEntryMutation(resendEntry);

export const FOLLOWUP_FAILED = 'Failed to schedule follow-up';

export function scheduleFollowUp({ id, request }: { id: string; request: FollowUpRequest }) {
  return api.post(apiPath('/entries/:id/followup', { id }), request, {
    fallbackMessage: FOLLOWUP_FAILED,
  });
}

/** The entry's follow-up list and its history both change. */
export const useScheduleFollowUp = () => useEntryMutation(scheduleFollowUp);

export const COMMENT_FAILED = 'Failed to save comment';

/** POST /entries/{id}/history/comment with the time it was written. */
export function addComment({ id, text }: { id: string; text: string }) {
  return api.post(
    apiPath('/entries/:id/history/comment', { id }),
    { when: new Date().toISOString(), text },
    { fallbackMessage: COMMENT_FAILED },
  );
}

/** Only the entry's history changes. */
export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess: (_item, { id }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.entries.history(id) }),
  });
}

/**
 * After an approval or rejection: every entries query but the pending list, which the
 * Approvals screen already updated by removing the row (reloading it would bring it back).
 */
const invalidateAllButPending = (queryClient: QueryClient) =>
  invalidateOthers(queryClient, queryKeys.entries.all, queryKeys.entries.pending());

export function approveEntry({ id }: { id: string }): Promise<unknown> {
  return api.post(apiPath('/admin/entries/:id/approve', { id }), undefined, {
    fallbackMessage: 'Action failed',
  });
}

export function useApproveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveEntry,
    onSuccess: () => invalidateAllButPending(queryClient),
  });
}

export function rejectEntry({ id }: { id: string }): Promise<unknown> {
  return api.delete(apiPath('/admin/entries/:id/reject', { id }), {
    fallbackMessage: 'Action failed',
  });
}

export function useRejectEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectEntry,
    onSuccess: () => invalidateAllButPending(queryClient),
  });
}
