// The address of an /api call, apart from the client (api-client.ts) so the page's first
// script (app/boot/) can build the same address without the client's dependencies.
import type { HttpMethod } from '@contract/routes';
import type { CallPath } from './api-path';

const API_BASE = '/api';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** `/api<path>?<query>` for a route table path; empty values are left out of the query string. */
export function buildUrl(path: CallPath<HttpMethod>, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}
