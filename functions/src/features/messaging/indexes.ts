// The composite indexes the send queue's job needs: due messages (state ==, nextAttemptAt <=,
// ordered by it) and abandoned claims (state ==, claimedAt <=).
import type { CompositeIndex } from '../../composite-indexes';
import { OUTBOUND } from './outbound-doc';

export function requiredOutboundIndexes(): CompositeIndex[] {
  return ['nextAttemptAt', 'claimedAt'].map((field) => ({
    collectionGroup: OUTBOUND,
    queryScope: 'COLLECTION',
    fields: [
      { fieldPath: 'state', order: 'ASCENDING' },
      { fieldPath: field, order: 'ASCENDING' },
    ],
  }));
}
