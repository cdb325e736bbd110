import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { ToastProvider } from '../lib/toast';
import { createQueryClient } from './query-client';

/** What the signed-in screens need: a query cache of their own (one per mount) and the toasts. */
export function SignedInProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  /** Tests pass their own. */
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
