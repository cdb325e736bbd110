export {
  startEmbeddedFirestore,
  type EmbeddedFirestore,
  type EmbeddedFirestoreOptions,
} from './wire/server.ts';
export { exportProject, importProject, FORMAT as EXPORT_FORMAT } from './persist/persistence.ts';
export { MAX_INDEX_ENTRIES, type IndexFile } from './indexes/index-rules.ts';
