// Each test file starts as it would in a worker of its own, in workers that run file after file
// (`isolate: false` in vite.config.ts): what one file set up is undone after it.
//
// A fresh worker per file built a new jsdom window and loaded React, React DOM, the router and
// the rest of node_modules again for every file, more CPU than the tests themselves; here the
// window and node_modules stay, and after each file:
// - the app's own modules are evaluated again for the next file (vi.resetModules: their
//   module-level state, such as the toast ids, the notification stream and the loaded screens,
//   starts fresh; vi.mock registrations are kept per file by vitest already);
// - globals stubbed with vi.stubGlobal and environment variables are put back, real timers
//   restored;
// - the shared window is put back as a new one starts: storage emptied, what a file left in the
//   document's head, title and root attributes removed (testing-library's cleanup, in setup.ts,
//   empties the body after each test).
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  localStorage.clear();
  sessionStorage.clear();
  document.head.replaceChildren();
  document.title = '';
  for (const element of [document.documentElement, document.body]) {
    for (const { name } of [...element.attributes]) element.removeAttribute(name);
  }
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
  vi.resetModules();
});
