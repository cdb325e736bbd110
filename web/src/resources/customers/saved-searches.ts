// Each person's own saved searches (GET/POST /me/saved-searches, DELETE /me/saved-searches/:id):
// the customer list's filters under a name, picked in the Customers screen and the broadcast
// composer's audience.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CUSTOMER_FILTERS, type SavedSearch } from '@contract/customers';
import { api, apiPath } from '../../lib/api-client';
import { queryKeys } from '../query-keys';
import type { CustomerListParams } from './list-params';

export type { SavedSearch };

const NONE: SavedSearch[] = [];

/** The filters of `params` as a saved search keeps them (the list's query string's values). */
export function savedFiltersOf(params: CustomerListParams): SavedSearch['filters'] {
  const filters: SavedSearch['filters'] = {};
  for (const name of CUSTOMER_FILTERS) {
    const value = name === 'categories' ? params.categories.join(',') : params[name].trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/** A saved search's filters as list params (the order is left as it is). */
export function listParamsOf(
  filters: SavedSearch['filters'],
): Omit<CustomerListParams, 'sort' | 'dir'> {
  const read = (name: (typeof CUSTOMER_FILTERS)[number]) => filters[name] ?? '';
  return {
    q: read('q'),
    categories: read('categories').split(',').filter(Boolean),
    potential: read('potential'),
    from: read('from'),
    to: read('to'),
    owner: read('owner'),
    contactedFrom: read('contactedFrom'),
    contactedTo: read('contactedTo'),
    tag: read('tag'),
  };
}

/** The signed-in person's saved searches; none while loading or when they failed to load. */
export function useSavedSearches(): SavedSearch[] {
  return (
    useQuery({
      queryKey: queryKeys.savedSearches.mine(),
      queryFn: async () =>
        (await api.get('/me/saved-searches', {
          fallbackMessage: 'Failed to load saved searches',
        })) ?? NONE,
    }).data ?? NONE
  );
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Pick<SavedSearch, 'name' | 'filters'>) =>
      api.post('/me/saved-searches', input, {
        fallbackMessage: 'The search could not be saved',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedSearches.all }),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(apiPath('/me/saved-searches/:id', { id }), {
        fallbackMessage: 'The saved search could not be deleted',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedSearches.all }),
  });
}
