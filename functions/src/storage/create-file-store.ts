import { CloudStorageFileStore } from './cloud-storage-file-store';
import type { FileStore } from './file-store';

/**
 * Files in Cloud Storage, the project's default bucket. Locally (the stack, the tests) the
 * same client reaches the local Cloud Storage server (tools/storage) through
 * FIREBASE_STORAGE_EMULATOR_HOST, as firebase-admin reaches the Storage emulator.
 */
export function createFileStore(): FileStore {
  return new CloudStorageFileStore();
}
