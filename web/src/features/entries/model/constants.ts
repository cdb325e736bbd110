import type { EntryListParams } from '../../../resources/entries';

/** Filter debounce. */
export const FILTER_DEBOUNCE_MS = 300;

/** The channel filter's values. */
export const CHANNEL_FILTERS = ['whatsapp', 'email', 'multiple', 'other'] as const;

export { CHANNEL_LABELS } from '@contract/entries';

/** The list shows up to 5 tags, then +N. */
export const MAX_TAGS_SHOWN = 5;

export const NO_ENTRIES = 'No entries found';
export const NO_HISTORY = 'No history for this entry.';
export const NO_FILES = 'No files added.';
export const DELETE_QUESTION = 'Delete this entry permanently?';

export const EMPTY_FILTERS: EntryListParams = {
  q: '',
  name: '',
  phone: '',
  email: '',
  channel: '',
  tag: '',
  from: '',
  to: '',
  employee: '',
};
