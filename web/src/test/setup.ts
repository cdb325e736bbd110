import '@testing-library/jest-dom/vitest';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A file's first screen waits for its lazily loaded page to compile, which on a busy machine
// takes longer than testing-library's default second.
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
