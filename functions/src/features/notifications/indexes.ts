// The composite indexes an employee's notification reads need (for firestore.indexes.json):
// each branch of audience.ts's filter, ordered by `at` newest first (the feed) and oldest first
// (a stream resume). An admin's reads filter nothing and need none.
import type { CompositeIndex } from '../../composite-indexes';
import { NOTIFICATIONS } from './notice';

export function requiredNotificationIndexes(): CompositeIndex[] {
  const branches = [['audience'], ['audience', 'userId']];
  return (['DESCENDING', 'ASCENDING'] as const).flatMap((order) =>
    branches.map((fields) => ({
      collectionGroup: NOTIFICATIONS,
      queryScope: 'COLLECTION' as const,
      fields: [
        ...fields.map((fieldPath) => ({ fieldPath, order: 'ASCENDING' as const })),
        { fieldPath: 'at', order },
      ],
    })),
  );
}
