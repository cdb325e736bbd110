import { errorMessage } from './api-client';

/**
 * The end of a form that saves with one button: the save's failure as an alert (while `error`
 * is set) and the submit button, reading "Saving…" and disabled while the save runs.
 */
export function SaveFooter({
  label,
  saving,
  error,
}: {
  label: string;
  saving: boolean;
  error: unknown;
}) {
  return (
    <>
      {error != null && (
        <p className="ui-alert" role="alert">
          {errorMessage(error, 'Save failed')}
        </p>
      )}
      <div className="ui-actions ui-actions--end">
        <button type="submit" className="btn" disabled={saving}>
          {saving ? 'Saving…' : label}
        </button>
      </div>
    </>
  );
}
