// What admins do with accounts (the users feature's routes call it; users are this folder's):
// list, approve (which also changes a role), reject, bulk-assign.
import { getAuth } from 'firebase-admin/auth';
import { getDb, getFirebaseApp } from '../../firebase';
import { HttpError } from '../../http/errors';
import { timestampNow } from '../../timestamps';
import { grantsOf, sessionGrantsWriter } from './sessions';
import { ADMIN_ROLE } from './permissions';
import { findRoleByName } from './role-store';
import { touchKeptList } from '../figures/kept-lists';
import type { User } from '../../contract/answers';
import { assertAnAdminRemains, byDisplayName, toUser, USERS } from './user-store';

/** Internal teams are small: lists answer at most this many accounts, as one array. */
export const MAX_USERS_LISTED = 1000;

export async function listUsers(filter: { approved?: boolean }): Promise<User[]> {
  let query = getDb().collection(USERS).orderBy('fullName').limit(MAX_USERS_LISTED);
  if (filter.approved !== undefined) query = query.where('approved', '==', filter.approved);
  const snap = await query.get();
  return snap.docs.map(toUser).sort(byDisplayName);
}

/** Accounts awaiting approval, oldest first. */
export async function listPendingUsers(): Promise<User[]> {
  const snap = await getDb()
    .collection(USERS)
    .where('approved', '==', false)
    .orderBy('createdAt', 'asc')
    .limit(MAX_USERS_LISTED)
    .get();
  return snap.docs.map(toUser);
}

function unknownRole(role: string): HttpError {
  return new HttpError(400, `Unknown role: ${role}`, { role: 'Unknown role' });
}

/** Approves the account with `role`, or changes an approved account's role. */
export async function approveUser(id: string, role: string, by: string): Promise<User> {
  const db = getDb();
  const ref = db.collection(USERS).doc(id);
  await db.runTransaction(async (tx) => {
    const user = await tx.get(ref);
    if (!user.exists) throw new HttpError(404, 'User not found');
    const found = await findRoleByName(role, tx);
    if (!found) throw unknownRole(role);
    if (found.name !== ADMIN_ROLE) await assertAnAdminRemains(tx, new Set([id]));
    const grantSessions = await sessionGrantsWriter(tx, [id]);
    const at = timestampNow();
    const changes = { role: found.name, approved: true };
    tx.update(ref, {
      ...changes,
      updatedAt: at,
      ...(user.get('approved') === true ? {} : { approvedAt: at, approvedBy: by }),
    });
    if (user.get('approved') !== true) touchKeptList(tx, 'pendingUsers', db);
    grantSessions(id, grantsOf(changes, found));
  });
  return toUser(await ref.get());
}

/** Gives `role` to every listed account, all or none. */
export async function assignRole(
  role: string,
  userIds: readonly string[],
): Promise<{ updated: number; users: User[] }> {
  const db = getDb();
  const refs = [...new Set(userIds)].map((id) => db.collection(USERS).doc(id));
  await db.runTransaction(async (tx) => {
    const found = await findRoleByName(role, tx);
    if (!found) throw unknownRole(role);
    const users = await tx.getAll(...refs);
    const missing = users.filter((u) => !u.exists).map((u) => u.id);
    if (missing.length > 0) throw new HttpError(404, `User not found: ${missing.join(', ')}`);
    if (found.name !== ADMIN_ROLE) await assertAnAdminRemains(tx, new Set(refs.map((r) => r.id)));
    const grantSessions = await sessionGrantsWriter(
      tx,
      refs.map((r) => r.id),
    );
    const at = timestampNow();
    for (const [i, ref] of refs.entries()) {
      tx.update(ref, { role: found.name, updatedAt: at });
      grantSessions(
        ref.id,
        grantsOf({ role: found.name, approved: users[i].get('approved') }, found),
      );
    }
  });
  const users = await db.getAll(...refs);
  return { updated: refs.length, users: users.map(toUser) };
}

/**
 * Removes the account: its users document and session records in one transaction (so its next
 * call has no session), then the Firebase Authentication account. A retry after a half-done
 * removal finishes it.
 */
export async function rejectUser(id: string, by: string): Promise<void> {
  if (id === by) throw new HttpError(400, 'You cannot reject your own account.');
  const db = getDb();
  const ref = db.collection(USERS).doc(id);
  const existed = await db.runTransaction(async (tx) => {
    const user = await tx.get(ref);
    const endSessions = await sessionGrantsWriter(tx, [id]);
    if (user.exists) await assertAnAdminRemains(tx, new Set([id]));
    endSessions(id, null);
    if (!user.exists) return false;
    tx.delete(ref);
    if (user.get('approved') !== true) touchKeptList(tx, 'pendingUsers', db);
    return true;
  });
  try {
    await getAuth(getFirebaseApp()).deleteUser(id);
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    if (code !== 'auth/user-not-found') throw err;
    if (!existed) throw new HttpError(404, 'User not found');
  }
}
