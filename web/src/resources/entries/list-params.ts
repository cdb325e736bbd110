import type { EntryFilterValues } from '@contract/entries';

/**
 * The Entries filter bar (the contract's filters but status, which the bar does not offer); also
 * the list's cache key. Empty values are not sent.
 */
export type EntryListParams = Omit<EntryFilterValues, 'status'>;
