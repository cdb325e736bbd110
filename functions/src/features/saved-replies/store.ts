// Saved replies in the `savedReplies` collection, one document each, holding its owner's uid.
// A person keeps a few tens, so their list is read whole and ordered here.
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { MAX_SAVED_REPLIES, type SavedReply } from '../../contract/saved-replies';
import type { Attachment } from '../../contract/entries';
import { getDb } from '../../firebase';
import { HttpError } from '../../http/errors';
import { markRequestWrite } from '../../http/idempotency';

const SAVED_REPLIES = 'savedReplies';

function toSavedReply(id: string, d: DocumentData): SavedReply {
  const file = d.attachment as Attachment | null | undefined;
  return {
    _id: id,
    title: typeof d.title === 'string' ? d.title : '',
    content: typeof d.content === 'string' ? d.content : '',
    attachment: file && typeof file.url === 'string' ? file : null,
    createdAt: d.createdAt instanceof Timestamp ? d.createdAt.toDate().toISOString() : null,
  };
}

/** The person's saved replies, oldest first (the order they were added). */
export async function listSavedReplies(uid: string): Promise<SavedReply[]> {
  const snap = await getDb()
    .collection(SAVED_REPLIES)
    .where('uid', '==', uid)
    .limit(MAX_SAVED_REPLIES)
    .get();
  return snap.docs
    .map((doc) => toSavedReply(doc.id, doc.data()))
    .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
}

/** Stores one for `uid`; 409 once they keep the most allowed. */
export async function addSavedReply(
  uid: string,
  reply: { title: string; content: string; attachment: Attachment | null },
): Promise<SavedReply> {
  const db = getDb();
  const collection = db.collection(SAVED_REPLIES);
  const ref = collection.doc();
  const stored = { uid, ...reply, createdAt: Timestamp.now() };
  await db.runTransaction(async (tx) => {
    // A retried save (same Idempotency-Key) stores nothing more.
    markRequestWrite(tx);
    const count = (await tx.get(collection.where('uid', '==', uid).count())).data().count;
    if (count >= MAX_SAVED_REPLIES) {
      throw new HttpError(409, `At most ${MAX_SAVED_REPLIES} saved replies; delete some first`);
    }
    tx.create(ref, stored);
  });
  return toSavedReply(ref.id, stored);
}

/** Deletes one of `uid`'s saved replies: 404 when there is none, 403 when it is another's. */
export async function deleteSavedReply(uid: string, id: string): Promise<void> {
  const db = getDb();
  const ref = db.collection(SAVED_REPLIES).doc(id);
  await db.runTransaction(async (tx) => {
    markRequestWrite(tx);
    const snap = await tx.get(ref);
    if (!snap.exists) throw new HttpError(404, 'Saved reply not found');
    if (snap.get('uid') !== uid) {
      throw new HttpError(403, 'Only the person who saved a reply can delete it');
    }
    tx.delete(ref);
  });
}
