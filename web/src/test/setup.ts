import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A file's first screen waits for its lazily loaded page to compile: on a busy 2-core machine
// that took longer than testing-library's default second, failing a test that was right.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
