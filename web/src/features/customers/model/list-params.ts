import { isDateRangeReversed } from '../../../lib/date-range';
import type { CustomerListParams, CustomerSort, SortDir } from '../api/types';

/** Newest first. */
export const DEFAULT_PARAMS: CustomerListParams = {
  q: '',
  categories: [],
  potential: '',
  from: '',
  to: '',
  owner: '',
  contactedFrom: '',
  contactedTo: '',
  tag: '',
  sort: 'createdAt',
  dir: 'desc',
};

export const SORT_LABELS: Record<CustomerSort, string> = {
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  potential: 'Potential',
  createdAt: 'Created',
};

/** A newly chosen sort starts ascending, except dates: newest first. */
export const defaultDir = (sort: CustomerSort): SortDir => (sort === 'createdAt' ? 'desc' : 'asc');

/** Clicking the current sort flips its direction; another column starts at its default. */
export function toggleSort(
  params: CustomerListParams,
  sort: CustomerSort,
): Pick<CustomerListParams, 'sort' | 'dir'> {
  if (params.sort === sort) return { sort, dir: params.dir === 'asc' ? 'desc' : 'asc' };
  return { sort, dir: defaultDir(sort) };
}

export function ariaSort(params: CustomerListParams, sort: CustomerSort) {
  if (params.sort !== sort) return 'none' as const;
  return params.dir === 'asc' ? ('ascending' as const) : ('descending' as const);
}

export const dirLabel = (dir: SortDir) => (dir === 'asc' ? 'ascending' : 'descending');

/** A date range that ends before it starts: no customer can match. */
export const datesReversed = (params: CustomerListParams): boolean =>
  isDateRangeReversed(params.from, params.to) ||
  isDateRangeReversed(params.contactedFrom, params.contactedTo);

export function hasFilters(params: CustomerListParams): boolean {
  return Boolean(
    params.q.trim() ||
    params.categories.length ||
    params.potential ||
    params.from ||
    params.to ||
    params.owner,
  );
}
