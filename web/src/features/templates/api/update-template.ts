import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import type { Template, TemplateInput } from './types';
import { queryKeys } from '../../../resources/query-keys';

export function updateTemplate({
  id,
  ...input
}: TemplateInput & { id: string }): Promise<Template> {
  return api.put(apiPath('/admin/templates/:id', { id }), input, {
    fallbackMessage: 'Update failed',
  });
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.templates.all }),
  });
}
