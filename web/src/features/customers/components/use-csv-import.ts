import { useState } from 'react';
import { companyDay } from '../../../lib/company-time';
import { downloadCsv } from '../../../lib/download';
import { useToast } from '../../../lib/toast';
import { useImportCustomers } from '../api/import-customers';
import type { ImportReport } from '../api/import-customers';
import { importErrorRows } from '../model/import-errors';
import { importSummary } from '../model/import-summary';

/**
 * The Import CSV form's state: the chosen file, the upload's progress (null: none under way),
 * the server's report and the error to show; `submit` checks the file and imports it.
 */
export function useCsvImport() {
  const toast = useToast();
  const importCsv = useImportCustomers();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState('');
  const busy = importCsv.isPending;

  function choose(next: File | null) {
    setFile(next);
    setReport(null);
    setError('');
  }

  function submit() {
    if (busy) return;
    setError('');
    setReport(null);
    if (!file) {
      setError('Please choose a .csv file.');
      return;
    }
    if (!/\.csv$/i.test(file.name)) {
      setError('Only .csv files can be imported.');
      return;
    }
    setProgress(0);
    importCsv.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (result) => {
          // The report stays open under the form; the toast says at once whether rows failed.
          setReport(result);
          const summary = importSummary(result);
          toast.show(summary.text, summary.tone);
        },
        onError: (caught) => {
          const message = caught.message || 'Import failed';
          setError(message);
          toast.show(message, 'danger');
        },
        onSettled: () => setProgress(null),
      },
    );
  }

  /** The failed rows as a CSV (with the file's own columns when it can still be read). */
  async function downloadErrors() {
    if (!report) return;
    const text = await file?.text().catch(() => undefined);
    downloadCsv(
      importErrorRows(report.errors, text),
      `customers_import_errors_${companyDay(new Date())}.csv`,
    );
  }

  return { busy, progress, report, error, choose, submit, downloadErrors };
}
