import { execFileSync } from 'node:child_process';
import { ROOT } from './config.ts';

/** Builds the functions (to functions/lib) and the web app (to web/dist) the emulators serve. */
export function buildApp(): void {
  for (const workspace of ['functions', 'web']) {
    execFileSync('npm', ['run', 'build', '-w', workspace], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      // Test runners set NODE_ENV=test, which would give a development build of React.
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}
