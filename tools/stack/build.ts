import { execFileSync } from 'node:child_process';
import { ROOT } from './config.ts';

/**
 * Set by the gate (`npm test`, tools/gate) once it has built functions/lib and web/dist for its
 * run: the suites that need the built app use that build instead of making their own.
 */
export const SHARED_BUILD_ENV = 'CRM_SHARED_BUILD';

const production = () => ({
  ...process.env,
  // Test runners set NODE_ENV=test, which would give a development build of React.
  NODE_ENV: 'production',
});

/** Builds the functions to functions/lib (what the emulators and the deploy manifest load). */
export function buildFunctions(): void {
  if (process.env[SHARED_BUILD_ENV]) return;
  execFileSync('npm', ['run', 'build', '-w', 'functions'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: production(),
  });
}

/**
 * Builds the functions (to functions/lib) and the web app (to web/dist) the emulators serve.
 * `typecheckWeb: false` skips the web app's type check, for a caller that runs it on its own.
 */
export function buildApp({ typecheckWeb = true } = {}): void {
  if (process.env[SHARED_BUILD_ENV]) return;
  buildFunctions();
  const web = typecheckWeb
    ? ['run', 'build', '-w', 'web']
    : ['exec', '-w', 'web', '--', 'vite', 'build'];
  execFileSync('npm', web, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: production(),
  });
}
