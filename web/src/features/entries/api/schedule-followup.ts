import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { entryPath } from './entry-params';
import type { Attachment } from './types';
import { queryKeys } from '../../../resources/query-keys';

export const FOLLOWUP_FAILED = 'Failed to schedule follow-up';

/** The body of POST /entries/{id}/followup; a channel left out is not sent. */
export type FollowUpRequest = {
  days: number;
  /** HH:MM in the company time zone, on the day `days` ahead. */
  time: string;
  /** The client's own now + days (the server computes the due time itself). */
  when: string;
  note: string;
  send: {
    email: { templateId: string; subject: string; text: string; to: string[] } | null;
    whatsapp: { templateId: string; text: string; to: string[] } | null;
  };
  attachments: (Attachment & { to: { email: boolean; whatsapp: boolean } })[];
  entryId: string;
};

export function scheduleFollowUp({ id, request }: { id: string; request: FollowUpRequest }) {
  return api.post<unknown>(entryPath(id, '/followup'), request, {
    fallbackMessage: FOLLOWUP_FAILED,
  });
}

export function useScheduleFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleFollowUp,
    // The entry's follow-up list and its history both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.entries.all }),
  });
}
