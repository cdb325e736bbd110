import { api } from '../../../../lib/api-client';
import type { Attachment } from '../../../../resources/entries';

export const UPLOAD_FAILED = 'Upload failed';

/** POST /uploads: the files as multipart field `files`; answers what the server stored. */
export async function uploadFiles(files: readonly File[]): Promise<Attachment[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const answer = await api.post('/uploads', form, {
    fallbackMessage: UPLOAD_FAILED,
  });
  return answer?.files ?? [];
}
