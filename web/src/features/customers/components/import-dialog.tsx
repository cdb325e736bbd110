import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Dialog } from '../../../lib/dialog';
import { dateStamp, downloadCsv } from '../../../lib/download';
import { useToast } from '../../../lib/toast';
import { useImportCustomers } from '../api/import-customers';
import type { ImportReport } from '../api/import-customers';
import { importErrorRows } from '../model/import-errors';
import { importSummary } from '../model/import-summary';
import { ImportReportView } from './import-report';

export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Import CSV">
      <ImportForm onClose={onClose} />
    </Dialog>
  );
}

function ImportForm({ onClose }: { onClose: () => void }) {
  const id = useId();
  const toast = useToast();
  const importCsv = useImportCustomers();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState('');
  const busy = importCsv.isPending;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
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

  async function downloadErrors() {
    if (!report) return;
    const text = await file?.text().catch(() => undefined);
    downloadCsv(importErrorRows(report.errors, text), `customers_import_errors_${dateStamp()}.csv`);
  }

  const percent = progress === null ? 0 : Math.round(progress * 100);

  return (
    <form className="import-form" onSubmit={onSubmit} noValidate>
      <div className="ui-field">
        <label htmlFor={`${id}-file`} className="ui-field__label">
          CSV file
        </label>
        <input
          id={`${id}-file`}
          type="file"
          className="ui-input"
          accept=".csv,text/csv"
          aria-describedby={`${id}-hint`}
          disabled={busy}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setReport(null);
            setError('');
          }}
        />
        <span id={`${id}-hint`} className="ui-field__hint">
          A header row, then one customer per row: names, phones, emails, categories, potential,
          note. Several values in one cell are separated by semicolons.
        </span>
      </div>

      {progress !== null && (
        <div className="import-form__progress">
          <label htmlFor={`${id}-progress`} className="ui-field__label">
            {percent < 100 ? `Uploading… ${percent}%` : 'Processing…'}
          </label>
          <progress id={`${id}-progress`} max={100} value={percent} />
        </div>
      )}

      {error && (
        <p className="ui-alert" role="alert">
          {error}
        </p>
      )}

      {report && <ImportReportView report={report} onDownloadErrors={downloadErrors} />}

      <div className="ui-actions ui-actions--end">
        <button type="button" className="btn btn--outline" onClick={onClose}>
          {report ? 'Close' : 'Cancel'}
        </button>
        <button type="submit" className="btn" aria-disabled={busy || undefined}>
          {busy ? 'Importing…' : 'Import'}
        </button>
      </div>
    </form>
  );
}
