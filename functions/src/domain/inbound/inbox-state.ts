// Where the inbound email job left off: jobState/inboundEmail = { account, uidValidity,
// lastUid, updatedAt } (features/inbound/email-inbox.ts).
import { getDb } from '../../firebase';

export const INBOX_STATE_DOC = 'jobState/inboundEmail';

export interface InboxState {
  account: string;
  uidValidity: string;
  lastUid: number;
}

export async function readInboxState(): Promise<Partial<InboxState> | undefined> {
  return (await getDb().doc(INBOX_STATE_DOC).get()).data() as Partial<InboxState> | undefined;
}

export async function writeInboxState(state: InboxState, updatedAt: Date): Promise<void> {
  await getDb()
    .doc(INBOX_STATE_DOC)
    .set({ ...state, updatedAt });
}
