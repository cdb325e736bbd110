import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { entryPath } from './entry-params';
import type { Entry } from './types';
import { queryKeys } from '../../../resources/query-keys';

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
  return api.post<Entry & { failed: string[] }>(
    entryPath(id, '/resend'),
    {
      ...(message && { message }),
      descriptionTemplate: null,
      send: { whatsapp: whatsapp ? {} : null, email: email ? {} : null },
    },
    { fallbackMessage: RESEND_FAILED },
  );
}

export function useResendEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.entries.all }),
  });
}
