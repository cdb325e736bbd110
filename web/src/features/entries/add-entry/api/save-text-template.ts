import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { Template } from '../../../../resources/templates';
import { queryKeys } from '../../../../resources/query-keys';

/** POST /admin/templates with the message as a text template (errors are ignored). */
export function saveTextTemplate(input: { title: string; content: string }): Promise<Template> {
  return api.post('/admin/templates', { type: 'text', ...input });
}

export function useSaveTextTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTextTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.templates.all }),
  });
}
