import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { PreviewRequest, WhatsAppPreview } from './types';
import { queryKeys } from '../../../resources/query-keys';

export const PREVIEW_FAILED = 'Could not preview the WhatsApp message';
/** Typing pauses this long before the preview is asked for again. */
export const PREVIEW_DELAY_MS = 300;

/** POST /whatsapp/preview: what the customer would receive, under the sending rules. */
export function previewMessage(
  request: PreviewRequest,
  signal?: AbortSignal,
): Promise<WhatsAppPreview> {
  return api.post('/whatsapp/preview', request, {
    fallbackMessage: PREVIEW_FAILED,
    signal,
  });
}

/**
 * The preview of a composer's WhatsApp message, asked for once typing pauses; null asks for
 * nothing (WhatsApp off). The last answer stays shown while the next one loads.
 */
export function usePreviewMessage(request: PreviewRequest | null) {
  const settled = useDebouncedValue(request, PREVIEW_DELAY_MS);
  return useQuery({
    queryKey: queryKeys.whatsapp.preview(settled),
    queryFn: ({ signal }) => previewMessage(settled!, signal),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 10_000,
  });
}
