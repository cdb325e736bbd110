// What the app reads of entries, each under its queryKeys.entries key: the Entries list, an
// entry's history, the employees to filter and assign by, the entries awaiting approval, the
// company PDFs to attach and a customer's timeline (which shows entries, so it lives here).
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { TimelinePage } from '@contract/customer-timeline';
import { api, apiPath } from '../../lib/api-client';
import { isDateRangeReversed } from '../../lib/date-range';
import { queryKeys } from '../query-keys';
import type { FixedPdf } from './create-types';
import type { EntryListParams } from './list-params';
import { entryQueryParams } from './params';
import type { EmployeeChoice, EntryPage, HistoryItem, PendingEntry } from './types';

export const ENTRIES_PAGE_SIZE = 50;
export const LOAD_ENTRIES_FAILED = 'Failed to load entries';

/** One page of GET /entries (newest first) for the filters. */
export async function getEntries(
  params: EntryListParams,
  cursor?: string,
  signal?: AbortSignal,
): Promise<EntryPage> {
  // A range that ends before it starts matches nothing (the filters say so under the dates).
  if (isDateRangeReversed(params.from, params.to))
    return { items: [], nextCursor: null, total: 0, confirmed: 0, totalIsEstimate: false };
  const answer = await api.get('/entries', {
    query: { ...entryQueryParams(params), limit: ENTRIES_PAGE_SIZE, cursor },
    fallbackMessage: LOAD_ENTRIES_FAILED,
    signal,
  });
  // A plain list (no list parameters) reads as one last page.
  if (Array.isArray(answer))
    return { items: answer, nextCursor: null, total: answer.length, confirmed: 0 };
  const items = answer?.items ?? [];
  return {
    items,
    nextCursor: answer?.nextCursor ?? null,
    total: answer?.total ?? items.length,
    confirmed: answer?.confirmed ?? 0,
    totalIsEstimate: answer?.totalIsEstimate === true,
  };
}

export const entriesQueryOptions = (params: EntryListParams) =>
  infiniteQueryOptions({
    queryKey: queryKeys.entries.list(params),
    queryFn: ({ pageParam, signal }) => getEntries(params, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Keeps the rows on screen while a new filter loads.
    placeholderData: keepPreviousData,
  });

export function useEntries(params: EntryListParams) {
  return useInfiniteQuery(entriesQueryOptions(params));
}

export const LOAD_HISTORY_FAILED = 'Failed to load history';

/** GET /entries/{id}/history, newest first. */
export async function getHistory(id: string, signal?: AbortSignal): Promise<HistoryItem[]> {
  return (
    (await api.get(apiPath('/entries/:id/history', { id }), {
      fallbackMessage: LOAD_HISTORY_FAILED,
      signal,
    })) ?? []
  );
}

export function useHistory(id: string) {
  return useQuery({
    queryKey: queryKeys.entries.history(id),
    queryFn: ({ signal }) => getHistory(id, signal),
  });
}

/** GET /entries/employees: approved users sorted by name (filter and Assign choices). */
export async function getEmployees(): Promise<EmployeeChoice[]> {
  return (await api.get('/entries/employees')) ?? [];
}

/** Loaded only while `enabled` (an owner filter that offers everyone). */
export function useEmployees({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.entries.employees(),
    queryFn: getEmployees,
    staleTime: 5 * 60_000,
    enabled,
  });
}

export async function getPendingEntries(): Promise<PendingEntry[]> {
  return (
    (await api.get('/admin/entries/pending', {
      fallbackMessage: 'Failed to load',
    })) ?? []
  );
}

/** Entries waiting for approval (Approvals > Entries). */
export const pendingEntriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.entries.pending(), queryFn: getPendingEntries });

/** GET /settings/fixed-pdfs: the company's PDFs (brochures) any signed-in user may attach. */
export async function getFixedPdfs(): Promise<FixedPdf[]> {
  const answer = await api.get('/settings/fixed-pdfs');
  return Array.isArray(answer) ? answer.filter((pdf) => pdf.title && pdf.url) : [];
}

/** The fixed PDFs; none while loading or when the call fails (the Add Entry modal works without them). */
export function useFixedPdfs(): FixedPdf[] {
  return (
    useQuery({
      queryKey: queryKeys.entries.fixedPdfs(),
      queryFn: getFixedPdfs,
      retry: false,
    }).data ?? []
  );
}

export const TIMELINE_PAGE_SIZE = 20;
export const LOAD_TIMELINE_FAILED = 'Failed to load history';

/** GET /customers/{id}/timeline: entries and follow-ups, newest first, a page at a time. */
export function getCustomerTimeline(
  id: string,
  cursor?: string,
  signal?: AbortSignal,
): Promise<TimelinePage> {
  return api.get(apiPath('/customers/:id/timeline', { id }), {
    query: { limit: TIMELINE_PAGE_SIZE, cursor },
    fallbackMessage: LOAD_TIMELINE_FAILED,
    signal,
  });
}

/**
 * Under the entries' key: adding, editing or following up an entry anywhere refreshes the
 * timeline too.
 */
export function useCustomerTimeline(id: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.entries.customerTimeline(id),
      queryFn: ({ pageParam, signal }) => getCustomerTimeline(id, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );
}
