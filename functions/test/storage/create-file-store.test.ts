import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CloudStorageFileStore } from '../../src/storage/cloud-storage-file-store';
import { createFileStore } from '../../src/storage/create-file-store';
import { LocalFolderFileStore } from '../../src/storage/local-folder-file-store';

describe('createFileStore', () => {
  it('uses the local folder when FILES_DIR is set', () => {
    const store = createFileStore({ filesDir: '.local/files' });
    expect(store).toBeInstanceOf(LocalFolderFileStore);
    expect((store as LocalFolderFileStore).root).toBe(resolve('.local/files'));
  });

  it('uses Cloud Storage otherwise, touching nothing until first use', () => {
    expect(createFileStore({ filesDir: undefined })).toBeInstanceOf(CloudStorageFileStore);
  });
});
