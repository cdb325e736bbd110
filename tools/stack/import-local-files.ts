// Stacks from before the local Cloud Storage kept uploaded files in `<data>/files/`, each
// with its content type beside it in `.<name>.meta.json`. The first start on the new server
// uploads them, at the same paths, through the client the api uses, then renames the folder to
// `files.imported`, so nothing a person uploaded earlier is lost.
import { existsSync } from 'node:fs';
import { readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { Storage } from '@google-cloud/storage';

export async function importLocalFiles(
  dataDir: string,
  storageHost: string,
  bucket: string,
): Promise<number> {
  const folder = path.join(dataDir, 'files');
  if (!existsSync(folder)) return 0;
  // A custom endpoint sends no credentials, as with STORAGE_EMULATOR_HOST.
  const target = new Storage({ apiEndpoint: `http://${storageHost}` }).bucket(bucket);
  let imported = 0;
  const walk = async (dir: string, prefix: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue; // metadata and temporary files
      const file = path.join(dir, entry.name);
      const name = `${prefix}${entry.name}`;
      if (entry.isDirectory()) {
        await walk(file, `${name}/`);
        continue;
      }
      const contentType = await contentTypeOf(path.join(dir, `.${entry.name}.meta.json`));
      await target.file(name).save(await readFile(file), { contentType, resumable: false });
      imported++;
    }
  };
  await walk(folder, '');
  await rename(folder, `${folder}.imported`);
  return imported;
}

async function contentTypeOf(metaFile: string): Promise<string> {
  try {
    const meta = JSON.parse(await readFile(metaFile, 'utf8')) as { contentType?: unknown };
    if (typeof meta.contentType === 'string') return meta.contentType;
  } catch {
    // No metadata: the folder store read such a file as application/octet-stream too.
  }
  return 'application/octet-stream';
}
