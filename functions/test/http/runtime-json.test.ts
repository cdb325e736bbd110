// Malformed JSON behind the functions runtime: its body-parser fails the request before the
// app runs, and its Express would answer an HTML page with a stack trace and the server's
// paths. Once taken over (index.ts does it at load, before the runtime builds its parsers), the
// app answers with its own envelope. Checked with the emulator runtime's body-parser 1.x and
// the functions framework's body-parser 2.x.
import { createRequire } from 'node:module';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  takeOverBodyParsers,
  takeOverRuntimeBodyParsers,
} from '../../src/http/runtime-body-parser';
import { emulatorBodyParser, runtimeApp, type BodyParsers } from '../support/runtime-app';

/** body-parser 2.x, the one the functions framework (and Express 5) depend on. */
function frameworkBodyParser(): BodyParsers {
  return createRequire(require.resolve('express'))('body-parser') as BodyParsers;
}

async function postMalformed(parsers: BodyParsers) {
  return request(runtimeApp({}, parsers))
    .post('/api/auth/login')
    .set('Content-Type', 'application/json')
    .send('{"email": "a@b.in", "password": ');
}

describe('malformed JSON behind the functions runtime', () => {
  it("answers the runtime's own page until taken over (what the attack saw)", async () => {
    const parsers = { ...emulatorBodyParser() };
    const res = await postMalformed(parsers);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers 400 { message } with no stack or paths once taken over, body-parser 1.x', async () => {
    // The emulator's runtime is the process's main module there: resolve from its file.
    takeOverRuntimeBodyParsers({
      filename: require.resolve('firebase-tools/lib/emulator/functionsEmulatorRuntime.js'),
    } as NodeJS.Module);
    const res = await postMalformed(emulatorBodyParser());
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ message: 'Malformed JSON body' });
    expect(res.text).not.toMatch(/node_modules|\/work\/|at JSON\.parse/);
  });

  it('answers the same with body-parser 2.x, and good JSON still goes through', async () => {
    const parsers = frameworkBodyParser();
    takeOverBodyParsers(parsers as unknown as Parameters<typeof takeOverBodyParsers>[0]);
    const res = await postMalformed(parsers);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON body' });
    const fine = await request(runtimeApp({}, parsers))
      .post('/api/auth/login')
      .send({ email: 'not-an-email' });
    expect(fine.status).toBe(400);
    expect(fine.body.fields.email).toBe('Enter a valid email address');
  });

  it('refuses a bare JSON value as express.json() does', async () => {
    const parsers = frameworkBodyParser();
    takeOverBodyParsers(parsers as unknown as Parameters<typeof takeOverBodyParsers>[0]);
    const res = await request(runtimeApp({}, parsers))
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('"just a string"');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON body' });
  });
});
