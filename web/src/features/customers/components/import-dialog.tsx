import { useId } from 'react';
import type { FormEvent } from 'react';
import { Dialog } from '../../../lib/dialog';
import { ImportFileField } from './import-file-field';
import { ImportProgress } from './import-progress';
import { ImportReportView } from './import-report';
import { useCsvImport } from './use-csv-import';

export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Import CSV">
      <ImportForm onClose={onClose} />
    </Dialog>
  );
}

function ImportForm({ onClose }: { onClose: () => void }) {
  const id = useId();
  const csv = useCsvImport();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    csv.submit();
  }

  return (
    <form className="import-form" onSubmit={onSubmit} noValidate>
      <ImportFileField id={id} disabled={csv.busy} onChoose={csv.choose} />
      {csv.progress !== null && <ImportProgress id={id} progress={csv.progress} />}
      {csv.error && (
        <p className="ui-alert" role="alert">
          {csv.error}
        </p>
      )}
      {csv.report && <ImportReportView report={csv.report} onDownloadErrors={csv.downloadErrors} />}
      <div className="ui-actions ui-actions--end">
        <button type="button" className="btn btn--outline" onClick={onClose}>
          {csv.report ? 'Close' : 'Cancel'}
        </button>
        <button type="submit" className="btn" aria-disabled={csv.busy || undefined}>
          {csv.busy ? 'Importing…' : 'Import'}
        </button>
      </div>
    </form>
  );
}
