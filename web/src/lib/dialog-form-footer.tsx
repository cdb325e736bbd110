/**
 * The end of a form in a dialog: the form's message as an alert (while `error` is set), Cancel
 * and the submit button, which reads `busyLabel` and stays focusable but aria-disabled while busy.
 */
export function DialogFormFooter({
  error,
  errorId,
  busy,
  submitLabel = 'Save',
  busyLabel = 'Saving…',
  onCancel,
}: {
  error: string;
  /** For a form that points at the message with aria-describedby. */
  errorId?: string;
  busy: boolean;
  submitLabel?: string;
  busyLabel?: string;
  onCancel: () => void;
}) {
  return (
    <>
      {error && (
        <p id={errorId} className="ui-alert" role="alert">
          {error}
        </p>
      )}
      <div className="ui-actions ui-actions--end">
        <button type="button" className="btn btn--outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn" aria-disabled={busy || undefined}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </>
  );
}
