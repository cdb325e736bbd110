// The database killed (SIGKILL) in the middle of 40 creates sent with Idempotency-Keys: each
// create answered 503 (or not at all) is sent again with its key until it is answered, as the
// web client does. Afterwards every customer, every entry and every queued message exists
// exactly once; and a signed-in session is never answered 401 meanwhile (503 at worst), so
// nobody is signed out by the restart.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ID } from '../config.ts';
import type { Stack } from '../stack.ts';
import { killAndWait, seededStackAt, tempDataDir, until } from './support.ts';

const OFFSET = 70;
const CREATES = 40;

async function keyedPost(stack: Stack, token: string, route: string, key: string, body: unknown) {
  const res = await fetch(`${stack.url}/api${route}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': key,
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return {
    status: res.status,
    body: (await res.json().catch(() => ({}))) as Record<string, unknown>,
  };
}

/**
 * Sends until answered other than 503 / no answer, always with the same key. A 409 "already
 * carried out" is an answer too: the kill cut the first attempt after its commit landed and
 * before it knew, so no answer was stored for a repeat to get, and the work is not done again.
 */
async function untilAnswered(
  send: () => Promise<{ status: number; body: Record<string, unknown> }>,
) {
  const statuses: number[] = [];
  let last = '';
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      const res = await send();
      statuses.push(res.status);
      last = String(res.body.message ?? '');
      if (res.status !== 503) return { ...res, statuses };
    } catch {
      statuses.push(0);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`never answered (${last}): ${statuses.join(',')}`);
}

describe('keyed creates while the database is killed', () => {
  const stacks: Stack[] = [];
  const data = tempDataDir();
  afterAll(async () => {
    for (const s of stacks) await s.stop();
    await (await data).remove();
  });

  it('stores every create exactly once and signs nobody out', async () => {
    const { dir } = await data;
    const { stack, adminToken: token } = await seededStackAt(OFFSET, dir, { jobs: false });
    stacks.push(stack);
    const customer = await keyedPost(stack, token, '/customers', 'keyed-base', {
      names: ['Keyed Base'],
      emails: ['keyed.base@example.in'],
    });
    expect(customer.status).toBe(201);

    // The session keeps being checked throughout.
    const sessionAnswers: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        try {
          const res = await fetch(`${stack.url}/api/auth/me`, {
            headers: { Authorization: `Bearer ${token}` },
            signal: AbortSignal.timeout(30_000),
          });
          sessionAnswers.push(res.status);
        } catch {
          sessionAnswers.push(0);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    let started = 0;
    let next = 0;
    const answers: { k: number; status: number; message: string; statuses: number[] }[] = [];
    const workers = Array.from({ length: 4 }, async () => {
      for (let k = next++; k < CREATES; k = next++) {
        started++;
        const res =
          k % 2 === 0
            ? await untilAnswered(() =>
                keyedPost(stack, token, '/customers', `keyed-customer-${k}`, {
                  names: [`Keyed Customer ${k}`],
                }),
              )
            : await untilAnswered(() =>
                keyedPost(stack, token, '/entries', `keyed-entry-${k}`, {
                  customer: customer.body._id,
                  description: `Keyed entry ${k}`,
                  email: { subject: `Keyed subject ${k}`, body: 'Please find the quote' },
                }),
              );
        const message = String(res.body.message ?? '');
        answers.push({ k, status: res.status, message, statuses: res.statuses });
      }
    });
    await until('creates under way', () => started >= 8);
    const inFlightAtKill = started - answers.length;
    await killAndWait(stack, 'firestore');
    await Promise.all(workers);
    polling = false;
    await poller;

    const carriedOut = (a: (typeof answers)[number]) =>
      a.status === 201 || (a.status === 409 && /already carried out/.test(a.message));
    expect(answers.filter((a) => !carriedOut(a))).toEqual([]);
    // Only a create the kill cut may lack its answer.
    expect(answers.filter((a) => a.status === 409 && a.statuses.length === 1)).toEqual([]);
    // The kill cut creates under way (each then answered 503 and sent again, or carried
    // through by the client library's own retry of a transaction the restart forgot).
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(sessionAnswers.filter((s) => s === 401)).toEqual([]);

    if (getApps().length === 0) initializeApp({ projectId: PROJECT_ID });
    const db = getFirestore();
    // Read whole and counted here: the index file serves no query on these fields.
    const customers = (await db.collection('customers').get()).docs.map((d) => d.get('names'));
    const entries = (await db.collection('entries').get()).docs.map((d) => d.get('description'));
    const queued = (await db.collection('outboundMessages').get()).docs.map((d) =>
      d.get('email.subject'),
    );
    const times = (list: unknown[], value: unknown) =>
      list.filter((v) => (Array.isArray(v) ? v.includes(value) : v === value)).length;
    for (let k = 0; k < CREATES; k++) {
      if (k % 2 === 0) {
        expect(times(customers, `Keyed Customer ${k}`), `customer ${k}`).toBe(1);
      } else {
        expect(times(entries, `Keyed entry ${k}`), `entry ${k}`).toBe(1);
        expect(times(queued, `Keyed subject ${k}`), `message ${k}`).toBe(1);
      }
    }
  });
});
