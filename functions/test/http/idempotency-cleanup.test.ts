// The scheduled clean-up of idempotency keys: keys stored more than 24 h ago go, in pages, newer
// ones (and the answers they hold) stay.
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { scheduledJobs } from '../../src/app/scheduled-jobs';
import { getDb } from '../../src/firebase';
import { IDEMPOTENCY_KEYS } from '../../src/http/idempotency';
import { resetBackends } from '../support/backends';
import { appAs } from '../support/callers';

const HOUR = 60 * 60_000;

beforeEach(resetBackends);

const job = () => scheduledJobs.find((j) => j.name === 'cleanupIdempotencyKeys');

async function storeKeys(count: number, ageMs: number, prefix: string): Promise<void> {
  const keys = getDb().collection(IDEMPOTENCY_KEYS);
  for (let start = 0; start < count; start += 400) {
    const batch = getDb().batch();
    for (let i = start; i < Math.min(count, start + 400); i++)
      batch.set(keys.doc(`${prefix}-${i}`), {
        requestHash: 'h',
        commitId: `c${i}`,
        createdAt: Timestamp.fromMillis(Date.now() - ageMs),
        expiresAt: Timestamp.fromMillis(Date.now() - ageMs + 24 * HOUR),
      });
    await batch.commit();
  }
}

const keyIds = async () =>
  (await getDb().collection(IDEMPOTENCY_KEYS).get()).docs.map((d) => d.id).sort();

describe('cleanupIdempotencyKeys', () => {
  it('is a scheduled job that runs every hour', () => {
    expect(job()?.schedule).toBe('every 1 hours');
  });

  it('deletes keys older than 24 h, page after page, and keeps the rest', async () => {
    await storeKeys(450, 25 * HOUR, 'old');
    await storeKeys(2, 23 * HOUR, 'recent');
    const keyed = await request(appAs('employee'))
      .post('/api/customers')
      .set('Idempotency-Key', 'kept-key')
      .send({ names: ['Ravi'] });
    expect(keyed.status).toBe(201);
    expect(await job()!.run()).toBe(450);
    const left = await keyIds();
    expect(left.filter((id) => id.startsWith('old-'))).toEqual([]);
    expect(left.filter((id) => id.startsWith('recent-'))).toEqual(['recent-0', 'recent-1']);
    expect(left).toHaveLength(3);
    // The kept key still answers its repeat.
    const again = await request(appAs('employee'))
      .post('/api/customers')
      .set('Idempotency-Key', 'kept-key')
      .send({ names: ['Ravi'] });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await job()!.run()).toBe(0);
  });
});
