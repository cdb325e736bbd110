import { useId } from 'react';
import { formatPhone } from '../../../lib/phone';
import type { ImportReport } from '../api/import-customers';
import { addedText } from '../model/import-summary';

/** Errors and merges listed on screen; the error download has every error. */
const ROWS_SHOWN = 50;

/**
 * What an import did: the counts, the rows that failed (with a download of them), and the rows
 * that joined an existing customer with what each added, so no merge goes unseen.
 */
export function ImportReportView({
  report,
  onDownloadErrors,
}: {
  report: ImportReport;
  onDownloadErrors: () => Promise<void>;
}) {
  const id = useId();
  return (
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
                {report.errors.slice(0, ROWS_SHOWN).map((row, index) => (
                  <tr key={`${row.line}-${index}`}>
                    <td>{row.line}</td>
                    <td>{row.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.errors.length > ROWS_SHOWN && (
            <p className="ui-muted">
              {report.errors.length - ROWS_SHOWN} more in the downloaded file.
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
            onClick={() => void onDownloadErrors()}
          >
            Download error rows (CSV)
          </button>
        </>
      )}
      {report.merges.length > 0 && (
        <>
          <h4 className="import-report__subtitle">Rows merged into existing customers</h4>
          <div className="ui-table-wrap import-report__errors">
            <table className="ui-table">
              <caption className="visually-hidden">
                Rows that matched a customer by phone, email or name, and what they added
              </caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Merged into</th>
                  <th scope="col">Added</th>
                </tr>
              </thead>
              <tbody>
                {report.merges.slice(0, ROWS_SHOWN).map((merge) => (
                  <tr key={merge.line}>
                    <td>{merge.line}</td>
                    <td>{merge.into}</td>
                    <td>{addedText(merge.added, formatPhone)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.mergeCount > Math.min(ROWS_SHOWN, report.merges.length) && (
            <p className="ui-muted">
              {report.mergeCount - Math.min(ROWS_SHOWN, report.merges.length)} more rows merged.
            </p>
          )}
        </>
      )}
    </section>
  );
}
