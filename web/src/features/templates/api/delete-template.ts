import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { queryKeys } from '../../../resources/query-keys';

export function deleteTemplate(id: string): Promise<unknown> {
  return api.delete(apiPath('/admin/templates/:id', { id }), {
    fallbackMessage: 'Delete failed',
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.templates.all }),
  });
}
