import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CatalogTemplate } from './types';
import { queryKeys } from '../../../resources/query-keys';

export const LOAD_CATALOG_FAILED = 'Failed to load the WhatsApp templates';

/** GET /whatsapp/templates: the approved-template catalog as last synced from Meta. */
export async function getCatalog(signal?: AbortSignal): Promise<CatalogTemplate[]> {
  return (
    (await api.get('/whatsapp/templates', {
      fallbackMessage: LOAD_CATALOG_FAILED,
      signal,
    })) ?? []
  );
}

export const catalogQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.whatsapp.catalog(),
    queryFn: ({ signal }) => getCatalog(signal),
  });

export function useCatalog() {
  return useQuery(catalogQueryOptions());
}

/** The templates that can be sent (Meta refuses the others). */
export function useApprovedTemplates(): CatalogTemplate[] {
  return (useCatalog().data ?? []).filter((template) => template.status === 'APPROVED');
}
