// What the entries feature offers the rest of the server; other modules import only this.
export { resolveAttachments } from './attachments';
export { createEntry, defaultSubject, type EntryAdditions } from './create';
export { registerEntryRoutes } from './routes';
export { attachmentSchema } from './schemas';
