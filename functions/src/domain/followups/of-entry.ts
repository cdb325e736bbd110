// An entry's follow-ups, for the entry's own changes (its deletion).
import { getDb } from '../../firebase';
import { touchKeptList } from '../figures/kept-lists';
import { FOLLOW_UPS } from './constants';

/** Deletes every follow-up of the entry, 400 a batch (so none of them is sent any more). */
export async function deleteFollowUpsOfEntry(entryId: string): Promise<void> {
  const db = getDb();
  for (;;) {
    const followUps = await db
      .collection(FOLLOW_UPS)
      .where('entryId', '==', entryId)
      .limit(400)
      .get();
    if (followUps.empty) break;
    const batch = db.batch();
    followUps.docs.forEach((d) => batch.delete(d.ref));
    touchKeptList(batch, 'followUpsDue', db);
    await batch.commit();
  }
}
