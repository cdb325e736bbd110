// The client's paths are checked by the compiler: this compiles calls beside the client, with
// the app's own compiler options, and reads which lines the compiler refuses.
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const WEB_ROOT = path.resolve(import.meta.dirname, '../..');
const PROBE = path.join(WEB_ROOT, 'src/lib/route-probe.ts');

/** Each call on a line of its own; the compiler's refusals by line (0-based, after the import). */
function refusedLines(calls: string[]): number[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(WEB_ROOT, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  if (!config) throw new Error('web/tsconfig.json did not parse');
  const source = [
    "import { api, apiPath } from './api-client';",
    ...calls.map((call) => `void ${call};`),
  ].join('\n');
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (file) => (path.resolve(file) === PROBE ? source : readFile(file));
  host.fileExists = (file) => path.resolve(file) === PROBE || fileExists(file);
  const program = ts.createProgram([PROBE], config.options, host);
  const probe = program.getSourceFile(PROBE)!;
  const refused = ts
    .getPreEmitDiagnostics(program, probe)
    .filter((d) => d.file === probe && d.start !== undefined)
    .map((d) => probe.getLineAndCharacterOfPosition(d.start!).line - 1);
  return [...new Set(refused)].sort((a, b) => a - b);
}

describe('the client takes only the route table paths of each method', () => {
  it('compiles the table paths and refuses the others', () => {
    const calls = [
      "api.get('/customers')",
      "api.get(apiPath('/customers/:id', { id: 'c1' }))",
      "api.post(apiPath('/quotes/:id/send', { id: 'q1' }), { channels: ['email'] })",
      "api.blob('/customers/export.csv')",
      // 4: not in the table
      "api.get('/customer')",
      // 5: in the table for GET, not for POST
      "api.post(apiPath('/customers/:id', { id: 'c1' }))",
      // 6: a parameter path written by hand instead of filled by apiPath()
      "api.get(`/customers/${'c1'}`)",
      // 7: a parameter the path does not name
      "apiPath('/quotes/:id', { quoteId: 'q1' })",
      // 8: a write sent as a read
      "api.get('/auth/login')",
    ];
    expect(refusedLines(calls)).toEqual([4, 5, 6, 7, 8]);
  }, 60_000);
});
