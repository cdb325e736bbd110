export {
  startEmbeddedFirestore,
  type EmbeddedFirestore,
  type EmbeddedFirestoreOptions,
} from './server.ts';
export { exportProject, importProject, FORMAT as EXPORT_FORMAT } from './persistence.ts';
export { MAX_INDEX_ENTRIES, type IndexFile } from './index-rules.ts';
