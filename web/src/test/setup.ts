import '@testing-library/jest-dom/vitest';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A file's first screen waits for its lazily loaded page to compile: on a busy 2-core machine
// that took longer than testing-library's default second, failing a test that was right.
configure({ asyncUtilTimeout: 5000 });

// The signed-in shell makes its own query cache (app/providers.tsx): in tests it does not retry,
// so a failure shows at once and each call is counted once.
vi.mock('../app/query-client', () => ({
  createQueryClient: () => new QueryClient({ defaultOptions: { queries: { retry: false } } }),
}));

afterEach(() => {
  cleanup();
  localStorage.clear();
});
