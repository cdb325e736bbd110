import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from './query-keys';

import type { Template } from '@contract/answers';

export type { Template, TemplateType } from '@contract/answers';

/** GET /admin/templates: readable by every signed-in user. */
export async function getTemplates(): Promise<Template[]> {
  return (
    (await api.get('/admin/templates', {
      fallbackMessage: 'Failed to load templates',
    })) ?? []
  );
}

/** The templates list, shared by the Templates screen and every message composer. */
export const templatesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.templates.list(), queryFn: getTemplates });

export function useTemplates() {
  return useQuery(templatesQueryOptions());
}

const NO_TEMPLATES: Template[] = [];

/** The templates a composer offers: none while loading or when the list failed to load. */
export function useTemplateChoices(): Template[] {
  return useQuery(templatesQueryOptions()).data ?? NO_TEMPLATES;
}
