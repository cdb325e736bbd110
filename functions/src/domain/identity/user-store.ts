// Accounts in Firestore: users/{uid} = { fullName, email, phone, role, approved, createdAt,
// updatedAt, approvedAt?, approvedBy? }, the uid being the Firebase Authentication account's.
import type { EmployeeChoice, User } from '../../contract/answers';
import type {
  DocumentData,
  DocumentReference,
  DocumentSnapshot,
  Firestore,
  Transaction,
} from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { HttpError } from '../../http/errors';
import { isDocumentId } from '../../http/params';
import { toIso } from '../../timestamps';
import { timestampNow } from '../../timestamps';
import { touchKeptList } from '../figures/kept-lists';
import { addNotification, type Notice } from '../notifications/notice';
import { ADMIN_ROLE, normalizeRoleName } from './permissions';

export const USERS = 'users';

/** The user of `doc` as the API answers it (contract/answers.ts `User`). */
export function toUser(doc: DocumentSnapshot<DocumentData>): User {
  const fullName = String(doc.get('fullName') ?? '');
  return {
    _id: doc.id,
    fullName,
    name: fullName,
    email: String(doc.get('email') ?? ''),
    phone: String(doc.get('phone') ?? ''),
    role: normalizeRoleName(String(doc.get('role') ?? '')),
    approved: doc.get('approved') === true,
    createdAt: toIso(doc.get('createdAt')),
    updatedAt: toIso(doc.get('updatedAt')),
  };
}

export function userRef(id: string, db: Firestore = getDb()): DocumentReference {
  return db.collection(USERS).doc(id);
}

/** The user with this id as the API answers it, or null (none, or not an id at all). */
export async function getUser(id: string, db: Firestore = getDb()): Promise<User | null> {
  if (!isDocumentId(id)) return null;
  const snapshot = await userRef(id, db).get();
  return snapshot.exists ? toUser(snapshot) : null;
}

/** The one approved user whose email (or phone) is `value`, if exactly one user has it. */
export async function findSoleApprovedUser(
  field: 'email' | 'phone',
  value: string,
): Promise<string | undefined> {
  const snap = await getDb().collection(USERS).where(field, '==', value).limit(2).get();
  const approved = snap.docs.filter((d) => d.get('approved') === true);
  return snap.size === 1 && approved.length === 1 ? approved[0].id : undefined;
}

/**
 * Approved users' ids and display names, at most `limit`: only the two fields the name is made
 * of are read, never phones or roles.
 */
export async function approvedUserNames(limit: number): Promise<EmployeeChoice[]> {
  const snap = await getDb()
    .collection(USERS)
    .where('approved', '==', true)
    .select('fullName', 'email')
    .limit(limit)
    .get();
  return snap.docs.map((doc) => ({
    _id: doc.id,
    name: displayName({
      fullName: String(doc.get('fullName') ?? ''),
      email: String(doc.get('email') ?? ''),
    }),
  }));
}

/** Whether an account already has this phone (phones sign in by OTP: one number, one account). */
export async function isPhoneTaken(phone: string): Promise<boolean> {
  return !(await getDb().collection(USERS).where('phone', '==', phone).limit(1).get()).empty;
}

/** A registered account's users document, unapproved, and its notice, in one batch. */
export async function storeRegisteredUser(
  uid: string,
  user: { fullName: string; email: string; phone: string; role: string },
  notice: Notice,
): Promise<void> {
  const db = getDb();
  const at = timestampNow();
  const batch = db.batch();
  batch.create(userRef(uid, db), { ...user, approved: false, createdAt: at, updatedAt: at });
  touchKeptList(batch, 'pendingUsers', db);
  addNotification(batch, notice);
  await batch.commit();
}

/** Makes the account an approved admin with this name (and phone, when given or new). */
export async function storeAdmin(
  uid: string,
  { fullName, email, phone }: { fullName: string; email: string; phone: string },
): Promise<void> {
  const db = getDb();
  const ref = userRef(uid, db);
  await db.runTransaction(async (tx) => {
    const existing = await tx.get(ref);
    const at = timestampNow();
    tx.set(
      ref,
      {
        fullName,
        email,
        ...(phone || !existing.exists ? { phone } : {}),
        role: ADMIN_ROLE,
        approved: true,
        updatedAt: at,
        ...(existing.exists ? {} : { createdAt: at }),
      },
      { merge: true },
    );
    if (existing.exists && existing.get('approved') !== true) touchKeptList(tx, 'pendingUsers', db);
  });
}

/** The user, if it exists and is approved (who may be assigned work), else null. */
export async function getApprovedUser(id: string): Promise<User | null> {
  const user = await getUser(id);
  return user?.approved ? user : null;
}

/**
 * Registered accounts waiting for an admin's approval: a count (one read per 1,000). The
 * dashboard keeps it (kept-lists.ts): every write that adds, approves or removes a pending
 * account touches the kept list `pendingUsers` in its commit.
 */
export async function countPendingUsers(db: Firestore = getDb()): Promise<number> {
  return (await db.collection(USERS).where('approved', '==', false).count().get()).data().count;
}

/** How lists sort people: fullName, else email, else 'User'. */
export function displayName(user: Pick<User, 'fullName' | 'email'>): string {
  return user.fullName || user.email || 'User';
}

export function byDisplayName(a: User, b: User): number {
  return displayName(a).localeCompare(displayName(b), 'en', { sensitivity: 'base' });
}

/**
 * How many users hold each role, by lowercased name (counts match case-insensitively,
 * so a stored 'Sales' counts for 'sales'). Reads only the role field of each user.
 */
export async function countUsersByRole(
  tx?: Transaction,
  db: Firestore = getDb(),
): Promise<Map<string, string[]>> {
  const query = db.collection(USERS).select('role');
  const snap = tx ? await tx.get(query) : await query.get();
  const holders = new Map<string, string[]>();
  for (const doc of snap.docs) {
    const role = normalizeRoleName(String(doc.get('role') ?? ''));
    holders.set(role, [...(holders.get(role) ?? []), doc.id]);
  }
  return holders;
}

/**
 * Refuses a change that would leave no approved admin: `losing` are the users about to stop
 * being admins (role change or removal).
 */
export async function assertAnAdminRemains(
  tx: Transaction,
  losing: ReadonlySet<string>,
  db: Firestore = getDb(),
): Promise<void> {
  const admins = await tx.get(
    db.collection(USERS).where('role', '==', ADMIN_ROLE).where('approved', '==', true),
  );
  const ids = admins.docs.map((d) => d.id);
  if (ids.some((id) => losing.has(id)) && ids.every((id) => losing.has(id)))
    throw new HttpError(409, 'At least one approved admin must remain.');
}
