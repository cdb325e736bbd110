// The broadcasts API: count an audience (the composer's live count), make a broadcast, list
// them, read one (the report refreshes itself while it sends), and a done one's new matches;
// the files a template's header may carry (an upload, the newest quotes' PDFs).
import {
  keepPreviousData,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AudienceRequest, BroadcastAction, BroadcastRequest } from '@contract/broadcasts';
import { api, apiPath } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';
import { queryKeys } from '../../../resources/query-keys';

/** While a broadcast sends, its report asks again this often. */
const LIVE_MS = 2_000;
const LIVE_STATES = new Set(['sending', 'waiting', 'scheduled']);
/** After its last send: deliveries, reads and replies still come, so it asks now and then. */
const SETTLING_MS = 10_000;
const SETTLING_STATES = new Set(['done', 'cancelled']);

function refreshEvery(state: string | undefined): number | false {
  if (LIVE_STATES.has(state ?? '')) return LIVE_MS;
  return SETTLING_STATES.has(state ?? '') ? SETTLING_MS : false;
}

export function useAudienceCount(request: AudienceRequest | null) {
  return useQuery({
    queryKey: queryKeys.broadcasts.audience(request),
    // No request (no audience yet): nothing to count.
    queryFn: request
      ? ({ signal }) =>
          api.post('/broadcasts/audience', request, {
            fallbackMessage: 'Failed to count the audience',
            signal,
          })
      : skipToken,
    placeholderData: keepPreviousData,
  });
}

/** The list asks again while one of its broadcasts runs, so its states follow the report's. */
export function useBroadcasts() {
  return useQuery({
    queryKey: queryKeys.broadcasts.list(),
    queryFn: ({ signal }) =>
      api.get('/broadcasts', {
        fallbackMessage: 'Failed to load the broadcasts',
        signal,
      }),
    refetchInterval: (query) =>
      query.state.data?.some((b) => LIVE_STATES.has(b.state)) ? LIVE_MS : false,
  });
}

export function useBroadcast(id: string) {
  return useQuery({
    queryKey: queryKeys.broadcasts.one(id),
    queryFn: ({ signal }) =>
      api.get(apiPath('/broadcasts/:id', { id }), {
        fallbackMessage: 'Failed to load the broadcast',
        signal,
      }),
    refetchInterval: (query) => refreshEvery(query.state.data?.state),
  });
}

export function useCreateBroadcast() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: BroadcastRequest) =>
      api.post('/broadcasts', request, {
        fallbackMessage: 'Failed to create the broadcast',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.broadcasts.all }),
  });
}

/** Start, pause, resume or cancel: answers the broadcast with its counts. */
export function useBroadcastAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: BroadcastAction) =>
      api.post(apiPath(`/broadcasts/:id/${action}`, { id }), undefined, {
        fallbackMessage: `Failed to ${action} the broadcast`,
      }),
    onSuccess: (changed) => {
      client.setQueryData(queryKeys.broadcasts.one(id), changed);
      return client.invalidateQueries({ queryKey: queryKeys.broadcasts.list() });
    },
  });
}

/**
 * Who "Send to new matches" would reach (a done broadcast of customer filters), counted again as
 * often as the done report asks: customers added or changed elsewhere meanwhile show up in it.
 */
export function useNewMatches(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.broadcasts.newMatches(id),
    queryFn: ({ signal }) =>
      api.get(apiPath('/broadcasts/:id/new-matches', { id }), {
        fallbackMessage: 'Failed to count the new matches',
        signal,
      }),
    enabled,
    refetchInterval: enabled ? SETTLING_MS : false,
  });
}

/** POST /broadcasts/:id/new-matches: answers the broadcast, sending again. */
export function useSendToNewMatches(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(apiPath('/broadcasts/:id/new-matches', { id }), undefined, {
        fallbackMessage: 'Failed to send to the new matches',
      }),
    onSuccess: (changed) => {
      client.setQueryData(queryKeys.broadcasts.one(id), changed);
      // The new matches are counted again when the report offers them next (once it is done):
      // while it sends, it has none to offer.
      return client.invalidateQueries({ queryKey: queryKeys.broadcasts.list() });
    },
  });
}

/** POST /uploads: one file for a template's header; answers it as stored. */
export async function uploadHeaderFile(file: File) {
  const form = new FormData();
  form.append('files', file, file.name);
  const answer = await api.post('/uploads', form, { fallbackMessage: 'Upload failed' });
  const [stored] = answer?.files ?? [];
  if (!stored) throw new Error('Upload failed');
  return stored;
}

/** How many of the newest quotes the header's choice offers. */
const HEADER_QUOTES = 30;

/** The newest quotes (for a DOCUMENT header); none for a caller who may not read quotes. */
export function useHeaderQuotes(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.broadcasts.headerQuotes(),
    queryFn: ({ signal }) =>
      api.get('/quotes', {
        query: { limit: HEADER_QUOTES },
        fallbackMessage: 'Failed to load the quotes',
        signal,
      }),
    select: (page) => page.items,
    enabled,
    retry: false,
  });
}

/** GET /broadcasts/:id/recipients.csv, saved as a file. */
export async function downloadRecipients(id: string): Promise<void> {
  const blob = await api.blob(apiPath('/broadcasts/:id/recipients.csv', { id }), {
    fallbackMessage: 'Failed to download the recipients',
  });
  downloadBlob(blob, `broadcast_${id}_recipients.csv`);
}

/** POST /broadcasts/:id/test: the message as its first recipient reads it, to one's own phone. */
export function sendTest(id: string): Promise<{ to: string; preview: string }> {
  return api.post(apiPath('/broadcasts/:id/test', { id }), undefined, {
    fallbackMessage: 'Failed to send the test',
  });
}
