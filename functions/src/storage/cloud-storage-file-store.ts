import { getStorage } from 'firebase-admin/storage';
import { getFirebaseApp } from '../firebase';
import { DEFAULT_CONTENT_TYPE, pathSegments, type FileStore, type StoredFile } from './file-store';

type Bucket = ReturnType<ReturnType<typeof getStorage>['bucket']>;

/** Files in a Cloud Storage bucket: the project's default bucket unless one is given. */
export class CloudStorageFileStore implements FileStore {
  private resolved: Bucket | undefined;

  constructor(bucket?: Bucket) {
    this.resolved = bucket;
  }

  async save(path: string, data: Buffer, contentType: string): Promise<void> {
    pathSegments(path);
    // One request, no resumable session: the files here are small. A failed upload leaves the
    // previous object in place.
    await this.bucket().file(path).save(data, { contentType, resumable: false });
  }

  async read(path: string): Promise<StoredFile | null> {
    pathSegments(path);
    try {
      const [metadata] = await this.bucket().file(path).getMetadata();
      // Download the generation the metadata describes, should the file be replaced meanwhile.
      const [data] = await this.bucket().file(path, { generation: metadata.generation }).download();
      return { data, contentType: metadata.contentType ?? DEFAULT_CONTENT_TYPE };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(path: string): Promise<void> {
    pathSegments(path);
    await this.bucket().file(path).delete({ ignoreNotFound: true });
  }

  // Resolved on first use, so that choosing this store needs no credentials or bucket yet.
  private bucket(): Bucket {
    this.resolved ??= getStorage(getFirebaseApp()).bucket();
    return this.resolved;
  }
}

function isNotFound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 404;
}
