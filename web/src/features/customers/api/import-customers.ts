import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportError, ImportMerge } from '@contract/answers';
import { ApiError, buildUrl } from '../../../lib/api-client';
import { clearSession, getToken } from '../../../lib/storage';
import { queryKeys } from '../../../resources/query-keys';

export type { ImportError, ImportMerge } from '@contract/answers';

/** POST /customers/import.csv's answer with the counts filled in. */
export type ImportReport = {
  created: number;
  updated: number;
  skipped: number;
  /** Listed errors (the server lists the first ones only). */
  errors: ImportError[];
  /** All errors, listed or not. */
  errorCount: number;
  /** Listed merges (the server lists the first ones only). */
  merges: ImportMerge[];
  /** All merges, listed or not. */
  mergeCount: number;
};

/** Upload progress: 0..1 while sending; 1 once the file is sent and the server is working. */
export type ImportProgress = (fraction: number) => void;

const FALLBACK = 'Import failed';

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  return typeof body.message === 'string' && body.message.trim() ? body.message : undefined;
}

function toReport(body: unknown): ImportReport {
  const value = (typeof body === 'object' && body !== null ? body : {}) as Partial<ImportReport>;
  const errors = Array.isArray(value.errors) ? value.errors : [];
  const merges = Array.isArray(value.merges) ? value.merges : [];
  return {
    created: Number(value.created) || 0,
    updated: Number(value.updated) || 0,
    skipped: Number(value.skipped) || 0,
    errors,
    errorCount: Math.max(Number(value.errorCount) || 0, errors.length),
    merges,
    mergeCount: Math.max(Number(value.mergeCount) || 0, merges.length),
  };
}

/**
 * POST /customers/import.csv (multipart field `file`). Sent with XMLHttpRequest rather than the
 * fetch-based client because fetch reports no upload progress; headers and errors match it.
 */
export function importCustomers(file: File, onProgress?: ImportProgress): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('/customers/import.csv'));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress?.(1);
    xhr.onerror = () => reject(new ApiError(0, FALLBACK));
    xhr.onabort = () => reject(new ApiError(0, FALLBACK));
    xhr.onload = () => {
      if (xhr.status === 401) clearSession();
      const body = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, messageOf(body) ?? FALLBACK, body));
        return;
      }
      onProgress?.(1);
      resolve(toReport(body));
    };

    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export function useImportCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: ImportProgress }) =>
      importCustomers(file, onProgress),
    // The list reloads after an import.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.customers.all }),
  });
}
