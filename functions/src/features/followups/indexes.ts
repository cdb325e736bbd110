// The composite indexes the follow-up jobs' queries need (for firestore.indexes.json): due
// follow-ups (status ==, dueAt <=, ordered by dueAt) and stale claims (status ==, claimedAt <=).
import type { CompositeIndex } from '../../composite-indexes';
import { FOLLOW_UPS } from '../../domain/followups/constants';

export function requiredFollowUpIndexes(): CompositeIndex[] {
  return ['dueAt', 'claimedAt'].map((field) => ({
    collectionGroup: FOLLOW_UPS,
    queryScope: 'COLLECTION',
    fields: [
      { fieldPath: 'status', order: 'ASCENDING' },
      { fieldPath: field, order: 'ASCENDING' },
    ],
  }));
}
