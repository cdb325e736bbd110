import { errorMessage } from './api-client';

/** A failed load as an alert (`fallback` when the server gave no message) with 'Try again'. */
export function RetryAlert({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) {
  return (
    <div className="ui-alert" role="alert">
      <span>{errorMessage(error, fallback)}</span>
      <button type="button" className="btn btn--outline btn--small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
