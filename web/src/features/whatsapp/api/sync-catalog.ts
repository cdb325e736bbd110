import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { catalogQueryOptions } from './get-catalog';
import type { CatalogTemplate } from './types';

export const SYNC_FAILED = 'Sync from Meta failed';

/** POST /admin/whatsapp/templates/sync: Meta's list read again, answered as the new catalog. */
export function syncCatalog(): Promise<CatalogTemplate[]> {
  return api.post(
    '/admin/whatsapp/templates/sync',
    {},
    {
      fallbackMessage: SYNC_FAILED,
    },
  );
}

export function useSyncCatalog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncCatalog,
    onSuccess: (catalog) => queryClient.setQueryData(catalogQueryOptions().queryKey, catalog),
  });
}
