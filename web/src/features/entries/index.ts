// The entries feature as other screens use it: the Entries page, the Add Entry modal, the entry
// dialogs and the pieces a customer's timeline shows entries with.
export { EntriesPage } from './components/entries-page';
export { AddEntryModal } from './add-entry';
export type { AddEntryModalProps, EntryCustomer } from './add-entry';
export { EntryDetailsDialog } from './components/entry-details-dialog';
export { ChannelDetailsDialog } from './components/channel-details-dialog';
export { FollowUpDialog } from './components/follow-up-dialog';
export { FileLinks, StatusBadge, ToneBadge } from './components/entry-parts';
export { ReceivedMessages } from './components/received-message';
export { OPTED_OUT, OPTED_OUT_SHORT } from './model/opt-out';
export { channelLabel, sendStatusLabel, sendStatusTone } from './model/entry-view';
export type { Entry } from '../../resources/entries';
export { uploadFiles } from './add-entry/api/upload-files';
export { TemplateChoiceField } from './components/shared/template-choice-field';
export { useQuickReplyList } from './quick-replies/quick-reply-list';
export type { QuickReplyFill } from './quick-replies/quick-replies';
export { SaveReplyDialog } from './quick-replies/save-reply-dialog';
