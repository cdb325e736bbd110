import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { DEFAULT_CONTENT_TYPE, pathSegments, type FileStore, type StoredFile } from './file-store';

/**
 * Files in a folder on disk, for the local stack. The content type sits beside each file in
 * '.<name>.meta.json'. Each write goes to a temporary file that is renamed into place, so a
 * reader sees the old file or the new one, never half of one.
 */
export class LocalFolderFileStore implements FileStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async save(path: string, data: Buffer, contentType: string): Promise<void> {
    const file = this.locate(path);
    await mkdir(dirname(file), { recursive: true });
    await writeAtomically(file, data);
    await writeAtomically(metaFile(file), Buffer.from(JSON.stringify({ contentType })));
  }

  async read(path: string): Promise<StoredFile | null> {
    const file = this.locate(path);
    const data = await ifExists(readFile(file));
    if (data === null) return null;
    const meta = await ifExists(readFile(metaFile(file), 'utf8'));
    const contentType = meta === null ? DEFAULT_CONTENT_TYPE : contentTypeIn(meta);
    return { data, contentType };
  }

  async remove(path: string): Promise<void> {
    const file = this.locate(path);
    await rm(file, { force: true });
    await rm(metaFile(file), { force: true });
  }

  private locate(path: string): string {
    const file = resolve(this.root, ...pathSegments(path));
    // pathSegments already refuses '..'; this guards the folder should those rules ever change.
    const inside = relative(this.root, file);
    if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
      throw new Error(`Invalid file path: ${JSON.stringify(path)}`);
    }
    return file;
  }
}

function metaFile(file: string): string {
  return join(dirname(file), `.${basename(file)}.meta.json`);
}

function contentTypeIn(meta: string): string {
  const parsed: unknown = JSON.parse(meta);
  const contentType = (parsed as { contentType?: unknown } | null)?.contentType;
  return typeof contentType === 'string' ? contentType : DEFAULT_CONTENT_TYPE;
}

async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temporary = join(dirname(file), `.${basename(file)}.${randomUUID()}.tmp`);
  try {
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

// Cloud Storage has no folders: a path that names a folder, or runs through a file, is simply
// not a file. The local store answers the same.
const NOT_A_FILE = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

async function ifExists<T>(reading: Promise<T>): Promise<T | null> {
  try {
    return await reading;
  } catch (error) {
    if (NOT_A_FILE.has((error as NodeJS.ErrnoException).code ?? '')) return null;
    throw error;
  }
}
