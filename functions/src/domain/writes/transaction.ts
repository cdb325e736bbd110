// The one way a feature runs a transaction over several owners' data: each owner's part takes the
// transaction (`tx`), and the feature never holds the database itself (issue 28).
import type { Transaction } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';

export function runInTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  return getDb().runTransaction(work);
}
