import type { QueryParams } from '../../lib/api-client';
import type { EntryListParams } from './list-params';

/** The GET /entries query string of the filters (empty values are left out by the client). */
export function entryQueryParams(params: EntryListParams): QueryParams {
  return {
    q: params.q.trim(),
    name: params.name.trim(),
    phone: params.phone.trim(),
    email: params.email.trim(),
    channel: params.channel,
    tag: params.tag.trim(),
    from: params.from,
    to: params.to,
    employee: params.employee,
  };
}
