import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Template } from './types';

export async function getTemplates(): Promise<Template[]> {
  return (
    (await api.get<Template[]>('/admin/templates', {
      fallbackMessage: 'Failed to load templates',
    })) ?? []
  );
}

export const templatesQueryOptions = () =>
  queryOptions({ queryKey: ['templates', {}] as const, queryFn: getTemplates });

export function useTemplates() {
  return useQuery(templatesQueryOptions());
}
