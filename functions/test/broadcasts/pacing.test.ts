// The send slots (features/broadcasts/pacing.ts) against the Firestore engine: each a whole
// second no other sender has, after the last one taken, and no sooner than a rest the sender
// asks for (people-first.ts: REST_MS while people wait past their second).
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { SLOT_MS, takeSlot } from '../../src/features/broadcasts/pacing';
import { REST_MS } from '../../src/features/broadcasts/people-first';

describe('the send slots', () => {
  it('gives a whole second after the last, or after the rest asked for', async () => {
    await getDb().doc('sendPacing/whatsapp').delete();
    const first = await takeSlot('sender-a');
    expect(first % SLOT_MS).toBe(0);
    // Another sender's slot follows it: never the same second.
    const second = await takeSlot('sender-b');
    expect(second).toBe(first + SLOT_MS);
    // A rest puts the next slot its whole length after the last one's start, not one second
    // after the moment it is asked for.
    const rested = await takeSlot('sender-a', second + REST_MS);
    expect(rested).toBe(second + REST_MS);
    // A rest already over asks nothing more than the next second.
    expect(await takeSlot('sender-a', first)).toBe(rested + SLOT_MS);
  });
});
