import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Template, TemplateInput } from './types';
import { queryKeys } from '../../../resources/query-keys';

export function createTemplate(input: TemplateInput): Promise<Template> {
  return api.post('/admin/templates', input, { fallbackMessage: 'Add failed' });
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.templates.all }),
  });
}
