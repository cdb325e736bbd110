import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Quote, QuoteChannel, QuoteSummary } from '@contract/quotes';
import { api, apiPath } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';
import { queryKeys, type QuoteListParams } from '../../../resources/query-keys';
import type { QuoteRequest } from '../model/draft';

export const LOAD_QUOTES_FAILED = 'Failed to load quotes';

export const QUOTES_PAGE_SIZE = 30;

/** GET /quotes with the list's filters (empty ones left out), a page at a time. */
export function useQuotes(params: QuoteListParams) {
  return useInfiniteQuery({
    queryKey: queryKeys.quotes.list(params),
    queryFn: ({ pageParam, signal }) =>
      api.get('/quotes', {
        query: {
          ...Object.fromEntries(Object.entries(params).filter(([, v]) => v)),
          limit: QUOTES_PAGE_SIZE,
          cursor: pageParam,
        },
        fallbackMessage: LOAD_QUOTES_FAILED,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    select: (data): QuoteSummary[] => data.pages.flatMap((page) => page.items),
  });
}

export function useQuote(id: string) {
  return useQuery({
    queryKey: queryKeys.quotes.one(id),
    queryFn: ({ signal }) =>
      api.get(apiPath('/quotes/:id', { id }), {
        fallbackMessage: 'Failed to load the quote',
        signal,
      }),
  });
}

/** The active catalogue, for the builder's product choice. */
export function useActiveProducts() {
  return useQuery({
    queryKey: queryKeys.products.list(),
    queryFn: ({ signal }) =>
      api.get('/products', { fallbackMessage: 'Failed to load products', signal }),
    select: (products) => products.filter((p) => p.active),
  });
}

export function useCreateQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteRequest) =>
      api.post('/quotes', body, { fallbackMessage: 'The quote was not saved' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.quotes.all }),
  });
}

export type QuoteAction = 'accept' | 'decline' | 'revise';

/** Accept, decline or revise; an accepted quote's entry shows in the entries and dashboard. */
export function useQuoteAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: QuoteAction }) =>
      api.post(
        apiPath(`/quotes/:id/${action}`, { id }),
        {},
        {
          fallbackMessage: `The quote was not ${action === 'revise' ? 'revised' : `${action}d`}`,
        },
      ),
    onSuccess: (_quote, { action }) => {
      void client.invalidateQueries({ queryKey: queryKeys.quotes.all });
      if (action === 'accept') {
        void client.invalidateQueries({ queryKey: queryKeys.entries.all });
        void client.invalidateQueries({ queryKey: queryKeys.dashboards });
      }
    },
  });
}

/** The quote's PDF, downloaded as Q-2026-27-0001.pdf. */
export function useDownloadPdf() {
  return useMutation({
    mutationFn: async (quote: Pick<Quote, '_id' | 'number'>) => {
      const blob = await api.blob(apiPath('/quotes/:id/pdf', { id: quote._id }), {
        fallbackMessage: 'The PDF could not be made',
      });
      downloadBlob(blob, `${quote.number.replace(/[^\w-]+/g, '-')}.pdf`);
    },
  });
}

/**
 * Sends the quote's PDF on the channels chosen (one Idempotency-Key per click, kept on the
 * client's retries): the quote moves to sent; its messages show in the customer's conversation,
 * kept live by the notifications stream.
 */
export function useSendQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, channels }: { id: string; channels: QuoteChannel[] }) =>
      api.post(
        apiPath('/quotes/:id/send', { id }),
        { channels },
        { fallbackMessage: 'The quote was not sent' },
      ),
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.quotes.one(answer.quote._id), answer.quote);
      void client.invalidateQueries({ queryKey: queryKeys.quotes.all });
      void client.invalidateQueries({
        queryKey: queryKeys.conversations.thread(answer.quote.customerId),
      });
    },
  });
}
