import type { QueryParams } from '../../../lib/api-client';
import type { CustomerListParams } from './types';

/** The list and export query string of a set of filters (empty values are left out). */
export function customerQueryParams(params: CustomerListParams): QueryParams {
  return {
    q: params.q.trim(),
    categories: params.categories.join(','),
    potential: params.potential,
    from: params.from,
    to: params.to,
    owner: params.owner,
    contactedFrom: params.contactedFrom,
    contactedTo: params.contactedTo,
    tag: params.tag,
    sort: params.sort,
    dir: params.dir,
  };
}
