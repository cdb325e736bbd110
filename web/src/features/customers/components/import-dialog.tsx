import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Dialog } from '../../../lib/dialog';
import { dateStamp, downloadCsv } from '../../../lib/download';
import { useToast } from '../../../lib/toast';
import { useImportCustomers } from '../api/import-customers';
import type { ImportReport } from '../api/import-customers';
import { importErrorRows } from '../model/import-errors';

/** Errors listed on screen; the download has them all. */
const ERRORS_SHOWN = 50;

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
          setReport(result);
          toast.show('Import successful', 'success');
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

      {report && (
        <section className="import-report" aria-labelledby={`${id}-report`}>
          <h3 id={`${id}-report`} className="import-report__title">
            Import report
          </h3>
          <dl className="import-report__counts">
            <div>
              <dt>Created</dt>
              <dd>{report.created}</dd>
            </div>
            <div>
              <dt>Updated</dt>
              <dd>{report.updated}</dd>
            </div>
            <div>
              <dt>Skipped</dt>
              <dd>{report.skipped}</dd>
            </div>
            <div>
              <dt>Errors</dt>
              <dd>{report.errorCount}</dd>
            </div>
          </dl>
          {report.errors.length > 0 && (
            <>
              <div className="ui-table-wrap import-report__errors">
                <table className="ui-table">
                  <caption className="visually-hidden">Rows that were not imported</caption>
                  <thead>
                    <tr>
                      <th scope="col">Line</th>
                      <th scope="col">Message</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.errors.slice(0, ERRORS_SHOWN).map((row, index) => (
                      <tr key={`${row.line}-${index}`}>
                        <td>{row.line}</td>
                        <td>{row.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {report.errors.length > ERRORS_SHOWN && (
                <p className="ui-muted">
                  {report.errors.length - ERRORS_SHOWN} more in the downloaded file.
                </p>
              )}
              {report.errorCount > report.errors.length && (
                <p className="ui-muted">
                  The server listed the first {report.errors.length} of {report.errorCount} errors.
                </p>
              )}
              <button
                type="button"
                className="btn btn--outline btn--small"
                onClick={() => void downloadErrors()}
              >
                Download error rows (CSV)
              </button>
            </>
          )}
        </section>
      )}

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
