import type { UseMutationResult } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import type { TestResult } from '../api/types';

/** The Send test button of one integration and the provider's answer. */
export function TestSend({
  label,
  mutation,
  unsaved,
}: {
  label: string;
  mutation: UseMutationResult<TestResult, Error, void>;
  unsaved: boolean;
}) {
  const { data, error, isPending } = mutation;
  return (
    <div className="integrations-test">
      <div className="ui-actions">
        <button
          type="button"
          className="btn btn--outline"
          aria-label={`Send test ${label}`}
          disabled={isPending}
          onClick={() => mutation.mutate()}
        >
          {isPending ? 'Sending…' : 'Send test'}
        </button>
        {unsaved && (
          <span className="ui-muted">Unsaved changes: the test uses the saved settings.</span>
        )}
      </div>
      <div role="status" aria-live="polite">
        {data && !isPending && (
          <p className="ui-alert ui-alert--success">
            Sent to {data.to} via {data.provider}
            {data.messageId ? ` (id ${data.messageId})` : ''}.
          </p>
        )}
      </div>
      {error && !isPending && (
        <p className="ui-alert" role="alert">
          {label} test failed: {errorMessage(error, `${label} failed`)}
        </p>
      )}
    </div>
  );
}
