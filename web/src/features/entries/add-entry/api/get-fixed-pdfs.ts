import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { FixedPdf } from './types';
import { queryKeys } from '../../../../resources/query-keys';

/** GET /settings/fixed-pdfs: the company's PDFs (brochures) any signed-in user may attach. */
export async function getFixedPdfs(): Promise<FixedPdf[]> {
  const answer = await api.get<FixedPdf[]>('/settings/fixed-pdfs');
  return Array.isArray(answer) ? answer.filter((pdf) => pdf.title && pdf.url) : [];
}

export const fixedPdfsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.entries.fixedPdfs(), queryFn: getFixedPdfs, retry: false });

/** The fixed PDFs; none while loading or when the call fails (spec: tolerated on this screen). */
export function useFixedPdfs(): FixedPdf[] {
  return useQuery(fixedPdfsQueryOptions()).data ?? [];
}
