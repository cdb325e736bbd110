/** A failure shown as an alert until the user dismisses it (×); nothing while `message` is null. */
export function DismissibleAlert({
  message,
  onDismiss,
}: {
  message: string | null;
  onDismiss: () => void;
}) {
  if (!message) return null;
  return (
    <div className="ui-alert" role="alert">
      <span>{message}</span>
      <button
        type="button"
        className="icon-button"
        aria-label="Dismiss message"
        onClick={onDismiss}
      >
        ×
      </button>
    </div>
  );
}
