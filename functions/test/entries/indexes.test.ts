// Production Firestore needs a composite index for each query shape: firestore.indexes.json
// must list every one the entry lists and the follow-up jobs can make.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryPlan, indexFor, requiredEntryIndexes } from '../../src/features/entries/list-plan';
import { requiredFollowUpIndexes } from '../../src/features/followups/indexes';
import { requiredOutboundIndexes } from '../../src/features/messaging/indexes';

const file = JSON.parse(
  readFileSync(path.join(__dirname, '../../../firestore.indexes.json'), 'utf8'),
) as { indexes: unknown[] };

describe('firestore.indexes.json', () => {
  it('lists every composite index the entries, follow-ups and send queue queries need', () => {
    const listed = new Set(file.indexes.map((i) => JSON.stringify(i)));
    for (const index of [
      ...requiredEntryIndexes(),
      ...requiredFollowUpIndexes(),
      ...requiredOutboundIndexes(),
    ])
      expect(listed.has(JSON.stringify(index)), JSON.stringify(index)).toBe(true);
  });

  it('covers every filter combination of the entries list', () => {
    expect(requiredEntryIndexes()).toHaveLength(23);
    const plan = entryPlan({
      q: 'pump',
      tag: 'urgent',
      channel: 'email',
      status: 'pending',
      employeeId: 'u1',
      range: { start: new Date(0) },
    });
    expect(indexFor(plan)?.fields.map((f) => f.fieldPath)).toEqual([
      'searchKeys',
      'channelGroup',
      'employeeId',
      'status',
      'createdAt',
    ]);
  });
});
