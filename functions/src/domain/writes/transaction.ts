// The one way a feature runs a transaction over several owners' data: each owner's part takes the
// transaction (`tx`), and the feature never holds the database itself.
import type { Transaction } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';

/**
 * `maxAttempts` above the SDK's 5 for a transaction many callers run at once on one document
 * (a number series): each one that loses the document to another tries again instead of failing.
 */
export function runInTransaction<T>(
  work: (tx: Transaction) => Promise<T>,
  options?: { maxAttempts: number },
): Promise<T> {
  return getDb().runTransaction(work, options);
}
