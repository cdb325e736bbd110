// How an entry comes into being, whoever starts it (an employee's Add Entry in features/entries/
// create.ts, a customer's message in features/inbound/inbound-entry.ts): the entry and its
// 'created' history item in the caller's transaction, through the records' write path so the
// dashboard's figures and recent activity count it in the same commit.
import type { DocumentData, DocumentReference, Transaction } from 'firebase-admin/firestore';
import type { RecordWriter } from '../writes/records';
import { historyDoc, type HistoryInput } from './history';
import { newHistoryItemRef } from './store';

export function storeNewEntry(
  tx: Transaction,
  records: RecordWriter,
  ref: DocumentReference,
  entry: DocumentData,
  created: Pick<HistoryInput, 'text' | 'by'>,
): void {
  records.createEntry(ref, entry);
  tx.create(newHistoryItemRef(ref.id), historyDoc({ type: 'created', ...created }));
}
