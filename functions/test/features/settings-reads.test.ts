// The settings' and secrets' reads an instance shares (domain/settings/store.ts): callers that
// ask while a read is under way share it, against the Firestore engine's own read counters; a
// save of this instance's is seen by the next caller even with a read begun before it.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  readSecrets,
  readSettingsAndSecrets,
  updateSettingsAndSecrets,
} from '../../src/domain/settings/store';
import { resetBackends } from '../support/backends';
import { readCounters, resetCounters } from '../support/counters';

const withAppSecret = (whatsappAppSecret: string) =>
  updateSettingsAndSecrets(
    ({ settings, secrets }) => ({ settings, secrets: { ...secrets, whatsappAppSecret } }),
    'admin-uid',
  );

describe('the settings and secrets an instance reads', () => {
  beforeEach(resetBackends);

  it('are read once for the callers that ask while a read is under way', async () => {
    await withAppSecret('first-secret');
    await resetCounters();
    const secrets = await Promise.all(Array.from({ length: 10 }, () => readSecrets()));
    expect(secrets.map((s) => s.whatsappAppSecret)).toEqual(Array(10).fill('first-secret'));
    expect((await readCounters()).reads).toBe(1);

    await resetCounters();
    const both = await Promise.all(Array.from({ length: 10 }, () => readSettingsAndSecrets()));
    expect(new Set(both.map((b) => b.secrets.whatsappAppSecret))).toEqual(
      new Set(['first-secret']),
    );
    expect((await readCounters()).reads).toBe(2);

    // Once answered, the next caller reads again.
    await resetCounters();
    await readSecrets();
    expect((await readCounters()).reads).toBe(1);
  });

  it("are read again after this instance's save, even while a read begun before it is under way", async () => {
    await withAppSecret('old-secret');
    const before = readSecrets();
    const beforeBoth = readSettingsAndSecrets();
    await withAppSecret('new-secret');
    expect((await readSecrets()).whatsappAppSecret).toBe('new-secret');
    expect((await readSettingsAndSecrets()).secrets.whatsappAppSecret).toBe('new-secret');
    await Promise.all([before, beforeBoth]);
  });
});
