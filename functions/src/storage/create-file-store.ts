import { getConfig, type Config } from '../config';
import { CloudStorageFileStore } from './cloud-storage-file-store';
import type { FileStore } from './file-store';
import { LocalFolderFileStore } from './local-folder-file-store';

/** FILES_DIR set: files in that folder (the local stack); otherwise Cloud Storage. */
export function createFileStore(config: Pick<Config, 'filesDir'> = getConfig()): FileStore {
  return config.filesDir ? new LocalFolderFileStore(config.filesDir) : new CloudStorageFileStore();
}
