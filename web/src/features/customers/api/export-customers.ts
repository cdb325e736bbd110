import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { companyDay } from '../../../lib/company-time';
import { downloadBlob } from '../../../lib/download';
import { customerQueryParams } from './customer-params';
import type { CustomerListParams } from './types';

/** GET /customers/export.csv with the list's filters, as a blob. */
export function exportCustomers(params: CustomerListParams): Promise<Blob> {
  return api.blob('/customers/export.csv', {
    query: customerQueryParams(params),
    fallbackMessage: 'Export failed',
  });
}

export const exportFileName = (date = new Date()) => `customers_${companyDay(date)}.csv`;

/** Downloads the export as customers_YYYY-MM-DD.csv. */
export function useExportCustomers() {
  return useMutation({
    mutationFn: async (params: CustomerListParams) => {
      const blob = await exportCustomers(params);
      downloadBlob(blob, exportFileName());
    },
  });
}
