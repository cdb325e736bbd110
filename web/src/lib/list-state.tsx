import type { ReactNode } from 'react';
import { RetryAlert } from './retry-alert';

/**
 * A list's query in its four states: `loading` (announced as a status), the load error with
 * Try again (`errorFallback` when the server gave no message), `empty` when it holds nothing,
 * then `children`, the list.
 */
export function ListState({
  query,
  loading,
  loadingClassName = 'ui-muted',
  errorFallback,
  isEmpty,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loading: string;
  loadingClassName?: string;
  errorFallback: string;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending)
    return (
      <p className={loadingClassName} role="status">
        {loading}
      </p>
    );
  if (query.isError)
    return (
      <RetryAlert
        error={query.error}
        fallback={errorFallback}
        onRetry={() => void query.refetch()}
      />
    );
  return isEmpty ? empty : children;
}
