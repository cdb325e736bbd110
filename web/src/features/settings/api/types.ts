export type { Settings } from '../../../resources/settings';

/** What PUT /admin/settings takes: any part; what is left out keeps its saved value. */
export type { SettingsUpdate } from '@contract/settings';
