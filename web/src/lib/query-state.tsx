import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from './api-client';

/**
 * A screen's query in its three states: "Loading…" (announced as a status), the load error (as
 * an alert, with `errorFallback` when the server gave no message), then `children` with the data.
 */
export function QueryState<T>({
  query,
  errorFallback,
  children,
}: {
  query: UseQueryResult<T>;
  errorFallback: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <p className="ui-muted" role="status">
        Loading…
      </p>
    );
  if (query.isError)
    return (
      <p className="ui-alert" role="alert">
        {errorMessage(query.error, errorFallback)}
      </p>
    );
  return children(query.data);
}
