// The composite indexes an employee's notification reads need (for firestore.indexes.json):
// each branch of domain/notifications/audience.ts's filter, ordered by `at` oldest first (a stream resume). An
// admin's reads filter nothing and need none; the latest come from feed documents (domain/notifications/feed-docs.ts).
import type { CompositeIndex } from '../../composite-indexes';
import { NOTIFICATIONS } from '../../domain/notifications/notice';

export function requiredNotificationIndexes(): CompositeIndex[] {
  const branches = [['audience'], ['audience', 'userId']];
  return branches.map((fields) => ({
    collectionGroup: NOTIFICATIONS,
    queryScope: 'COLLECTION' as const,
    fields: [
      ...fields.map((fieldPath) => ({ fieldPath, order: 'ASCENDING' as const })),
      { fieldPath: 'at', order: 'ASCENDING' as const },
    ],
  }));
}
