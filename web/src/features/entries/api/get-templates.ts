import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Template } from './types';

/** GET /admin/templates: readable by every signed-in user; a failure leaves the pickers empty. */
export async function getTemplates(): Promise<Template[]> {
  return (await api.get<Template[]>('/admin/templates')) ?? [];
}

// The Templates screen caches the same list under this key, so either screen's change shows.
export const entryTemplatesQueryOptions = () =>
  queryOptions({ queryKey: ['templates', {}] as const, queryFn: getTemplates });

export function useEntryTemplates(): Template[] {
  return useQuery(entryTemplatesQueryOptions()).data ?? [];
}
