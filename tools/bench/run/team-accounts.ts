// A sales floor signs in as people do, each with their own account: approved accounts (one
// admin in ten, the rest sales) made in the Auth emulator and users/ as the demo company's are
// (tools/stack/seed.ts). The three demo accounts shared by the whole floor would make each
// person's sign-in wait for the one before it on the same account (a sign-in takes a try of its
// account and address in turn: functions/src/features/accounts/sign-in-throttle.ts), which a
// floor of people with their own accounts never does.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { PROJECT_ID } from '../../stack/config.ts';

export interface TeamAccount {
  email: string;
  password: string;
}

/** `count` accounts named `team-<n>@…`, made once (later calls answer the same ones, their records written again). */
export async function teamAccounts(count: number): Promise<TeamAccount[]> {
  if (getApps().length === 0) initializeApp({ projectId: PROJECT_ID });
  const auth = getAuth();
  const db = getFirestore();
  const accounts: TeamAccount[] = [];
  const batch = db.batch();
  for (let n = 0; n < count; n++) {
    const email = `team-${n}@demo-crm.local`;
    const password = `team-demo-${n}`;
    accounts.push({ email, password });
    // An account made earlier gets its record again: an import may have replaced users/.
    const user =
      (await auth.getUserByEmail(email).catch(() => undefined)) ??
      (await auth.createUser({ email, password, displayName: `Team member ${n}` }));
    batch.set(db.doc(`users/${user.uid}`), {
      fullName: `Team member ${n}`,
      email,
      role: n % 10 === 0 ? 'admin' : 'sales',
      approved: true,
      createdAt: Timestamp.now(),
    });
  }
  await batch.commit();
  return accounts;
}
