import type { EntryListParams } from '../../../resources/entries';

export function hasFilters(params: EntryListParams): boolean {
  return Object.values(params).some((value) => value.trim() !== '');
}

/** Text filters wait for the debounce; selects and dates apply at once. */
export const DEBOUNCED_FILTERS = ['q', 'name', 'phone', 'email', 'tag'] as const;
export type DebouncedFilter = (typeof DEBOUNCED_FILTERS)[number];

export const isDebounced = (key: keyof EntryListParams): key is DebouncedFilter =>
  (DEBOUNCED_FILTERS as readonly string[]).includes(key);
