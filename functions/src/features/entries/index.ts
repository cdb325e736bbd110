// What the entries feature offers the rest of the server; other modules import only this.
export { resolveAttachments } from './attachments';
export { defaultSubject } from './create';
export { registerEntryRoutes } from './routes';
export { attachmentSchema } from './schemas';
