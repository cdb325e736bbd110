// Sessions: the token is 32 random bytes (base64url), sent back as the Bearer header or the
// __session cookie. Each one has a record, sessions/{sha256(token)}: without it a token is
// nothing, and logging out ends exactly that token at once. A call's check reads the record,
// then asks Firebase Authentication whether its account was deleted, disabled or revoked
// (`verifySessionCookie`'s rule: signed in before validSince, in whole seconds), so a made-up
// token costs no call to Firebase. The record carries approval, role and permissions, and every
// change of those writes the records in the change's transaction (`sessionGrantsWriter`): the next
// call on every instance sees it, with no cache. No Firebase session cookie is minted: the
// record already names the account to ask about.
import { createHash, randomBytes } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { getAuth, type UserRecord } from 'firebase-admin/auth';
import {
  Timestamp,
  type DocumentSnapshot,
  type QueryDocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import { now } from '../../clock';
import { getDb, getFirebaseApp } from '../../firebase';
import type { Session } from '../../http/access';
import { timestampNow } from '../../timestamps';
import { ADMIN_ROLE, effectivePermissions, normalizeRoleName } from './permissions';
import { findRoleByName } from './role-store';
import { USERS } from './user-store';

export const SESSIONS = 'sessions';
/** Firebase Hosting forwards only this cookie to functions. */
export const SESSION_COOKIE = '__session';
export const SESSION_LIFETIME_MS = 5 * 24 * 60 * 60 * 1000;

const COOKIE_OPTIONS: CookieOptions = {
  httpOnly: true,
  secure: true,
  sameSite: 'strict',
  path: '/',
};

function auth() {
  return getAuth(getFirebaseApp());
}

/** The record of the session behind `token`. */
export function sessionRef(token: string) {
  return getDb().collection(SESSIONS).doc(createHash('sha256').update(token).digest('hex'));
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens issued before these, `<Firebase session cookie>~<random id>` (or the cookie alone), are
 * checked as they were, by the cookie, until they expire (5 days after sign-in). Only they hold
 * a '.', which a JWT has and base64url has not.
 */
const isLegacyToken = (token: string) => token.includes('.');
const LEGACY_SEPARATOR = '~';

/** What a session may do, as its record carries it. */
export interface SessionGrants {
  approved: boolean;
  role: string;
  permissions: string[];
}

/** The grants of an account (its users document's fields) whose role is `stored`. */
export function grantsOf(
  account: { role?: unknown; approved?: unknown },
  stored: { permissions: string[] } | undefined,
): SessionGrants {
  const role = normalizeRoleName(String(account.role ?? ''));
  return {
    approved: account.approved === true,
    role,
    permissions: effectivePermissions(role, stored?.permissions ?? []),
  };
}

/**
 * The account's email and grants now, read in `tx` when given (admin holds '*': no role read).
 * `check` sees the users document before its role is read, and may refuse it (throw).
 */
async function readAccount(
  uid: string,
  tx?: Transaction,
  check?: (user: DocumentSnapshot) => void,
): Promise<{ user: DocumentSnapshot; email: string; grants: SessionGrants }> {
  const ref = getDb().collection(USERS).doc(uid);
  const user = tx ? await tx.get(ref) : await ref.get();
  check?.(user);
  const role = normalizeRoleName(String(user.get('role') ?? ''));
  const stored = role && role !== ADMIN_ROLE ? await findRoleByName(role, tx) : undefined;
  const grants = grantsOf(user.data() ?? {}, stored);
  return { user, email: String(user.get('email') ?? ''), grants };
}

/** Turns a fresh ID token into a session token of its own and records it. */
export type SignInMethod = 'password' | 'otp';

export async function startSession(
  idToken: string,
  uid: string,
  method: SignInMethod,
  sign?: {
    /** Refuses (throws) an account that may not sign in, as the transaction reads it. */
    check?: (user: DocumentSnapshot) => void;
    /** Writes of the sign-in that commit with the record (the throttle's, one commit for all). */
    alsoWrite?: (tx: Transaction) => void;
  },
): Promise<{ token: string; user: DocumentSnapshot; grants: SessionGrants }> {
  // When Firebase signed the account in, as its revocation check counts (whole seconds).
  const signedIn = await auth().verifyIdToken(idToken);
  if (signedIn.uid !== uid) throw new Error("The ID token is not the signed-in account's");
  const token = newToken();
  // In one transaction with the reads of the account and its role: a role change committing
  // meanwhile makes it read them again, so the record never keeps grants older than the change.
  const { user, grants } = await getDb().runTransaction(async (tx) => {
    const { user, email, grants } = await readAccount(uid, tx, sign?.check);
    tx.set(sessionRef(token), {
      uid,
      email,
      method,
      createdAt: timestampNow(),
      authTime: signedIn.auth_time,
      // Firestore's TTL policy on this field removes records after the session has expired.
      expiresAt: Timestamp.fromMillis(now() + SESSION_LIFETIME_MS),
      ...grants,
    });
    sign?.alsoWrite?.(tx);
    return { user, grants };
  });
  return { token, user, grants };
}

const sessionsOf = (uid: string) => getDb().collection(SESSIONS).where('uid', '==', uid);

/**
 * For a transaction that changes accounts: reads the session records of `uids` (a transaction
 * reads before it writes) and answers a writer that gives one account's records its new grants,
 * or ends them (null), in the same transaction.
 */
export async function sessionGrantsWriter(
  tx: Transaction,
  uids: readonly string[],
): Promise<(uid: string, grants: SessionGrants | null) => void> {
  const records = (await Promise.all(uids.map((uid) => tx.get(sessionsOf(uid))))).flatMap(
    (snap) => snap.docs,
  );
  return (uid, grants) => {
    for (const record of records.filter((r) => r.get('uid') === uid)) {
      if (grants) tx.update(record.ref, { ...grants });
      else tx.delete(record.ref);
    }
  };
}

/** The session records whose grants come from role `name` (read in `tx`, before its writes). */
export async function sessionsHoldingRole(
  tx: Transaction,
  name: string,
): Promise<QueryDocumentSnapshot[]> {
  return (await tx.get(getDb().collection(SESSIONS).where('role', '==', name))).docs;
}

// Firebase Hosting drops Set-Cookie from an answer unless its Cache-Control says private.
const PRIVATE_NO_STORE = 'private, no-store';

export function setSessionCookie(res: Response, token: string): void {
  res.set('Cache-Control', PRIVATE_NO_STORE);
  res.cookie(SESSION_COOKIE, token, { ...COOKIE_OPTIONS, maxAge: SESSION_LIFETIME_MS });
}

export function clearSessionCookie(res: Response): void {
  res.set('Cache-Control', PRIVATE_NO_STORE);
  res.clearCookie(SESSION_COOKIE, COOKIE_OPTIONS);
}

/** The Bearer token, else the __session cookie (req.cookies must be parsed), and which it was. */
export function sessionCredential(
  req: Request,
): { token: string; via: 'bearer' | 'cookie' } | undefined {
  const header = req.get('authorization');
  const bearer = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie: unknown = (req.cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE];
  return typeof cookie === 'string' && cookie ? { token: cookie, via: 'cookie' } : undefined;
}

export function sessionToken(req: Request): string | undefined {
  return sessionCredential(req)?.token;
}

/**
 * Errors that only say the credential is no good (bad, expired, revoked, user gone or disabled);
 * Firebase out of reach or over its quota says nothing about it (503, never 401: the web client
 * drops its token on a 401).
 */
const NOT_ABOUT_THE_CREDENTIAL = new Set(['auth/internal-error', 'auth/quota-exceeded']);
function isRefusedToken(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' && code.startsWith('auth/') && !NOT_ABOUT_THE_CREDENTIAL.has(code)
  );
}

/** What `call` answers, or undefined when Firebase refuses the credential it was given. */
async function unlessRefused<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (err) {
    if (isRefusedToken(err)) return undefined;
    throw err;
  }
}

/**
 * Whether Firebase still signs the account in for a session signed in at `authTime`: the
 * account exists, is not disabled, and its sessions were not revoked after the sign-in (as
 * `verifySessionCookie(cookie, true)` checks).
 */
function signedInAt(account: UserRecord | undefined, authTime: unknown): boolean {
  if (!account || account.disabled) return false;
  const validSince = account.tokensValidAfterTime ? Date.parse(account.tokensValidAfterTime) : 0;
  return Number(authTime) * 1000 >= validSince;
}

/** Firebase's lookup takes at most this many accounts per call. */
const ACCOUNTS_PER_LOOKUP = 100;

/**
 * The accounts of `uids` as Firebase has them now (absent: deleted), in one lookup per
 * hundred. Should Firebase refuse a lookup as a whole, each account is asked alone, so that
 * what it says of one account is not taken for the others'.
 */
async function accountsNow(uids: readonly string[]): Promise<Map<string, UserRecord>> {
  const found = new Map<string, UserRecord>();
  for (let i = 0; i < uids.length; i += ACCOUNTS_PER_LOOKUP) {
    const some = uids.slice(i, i + ACCOUNTS_PER_LOOKUP);
    const looked = await unlessRefused(() => auth().getUsers(some.map((uid) => ({ uid }))));
    const accounts = looked
      ? looked.users
      : await Promise.all(some.map((uid) => unlessRefused(() => auth().getUser(uid))));
    for (const account of accounts) if (account) found.set(account.uid, account);
  }
  return found;
}

/** A legacy token's session: its cookie still verifies, for the record's account. */
async function legacyCookieHolds(token: string, uid: string): Promise<boolean> {
  const legacyCookie = token.split(LEGACY_SEPARATOR)[0];
  const decoded = await unlessRefused(() => auth().verifySessionCookie(legacyCookie, true));
  return decoded?.uid === uid;
}

/** The tokens whose checks start together once this turn of the event loop ends. */
let thisTurn:
  { tokens: Set<string>; sessions: Promise<Map<string, Promise<Session | undefined>>> } | undefined;

/**
 * The caller behind `token`, read fresh for every call: a revoked, disabled or ended session,
 * an unapproved or removed account is no session; role and permissions come from the session's
 * record. The checks of the calls that arrive in one turn of the event loop (a page's calls at
 * once, a busy instance's many callers) start together after it (setImmediate), so no call is
 * answered from reads made before it came: a sign-out, a role change or a disabled account is
 * seen by the next call. They share one read of their records and one lookup of their accounts
 * at Firebase; calls of one token share its check. The session is shared: read-only.
 */
export function resolveSession(token: string): Promise<Session | undefined> {
  if (!thisTurn) {
    const tokens = new Set<string>();
    const started = new Promise<void>((resolve) =>
      setImmediate(() => {
        thisTurn = undefined;
        resolve();
      }),
    );
    thisTurn = { tokens, sessions: started.then(() => readSessions([...tokens])) };
  }
  const turn = thisTurn;
  turn.tokens.add(token);
  return turn.sessions.then((sessions) => sessions.get(token)!);
}

/** Still to be used: within its lifetime (Firestore's TTL removes records only within a day). */
function unexpired(record: DocumentSnapshot): boolean {
  const expiresAt = record.get('expiresAt') as Timestamp | undefined;
  return record.exists && expiresAt !== undefined && expiresAt.toMillis() > now();
}

/**
 * The sessions of `tokens`: their records in one read, then Firebase's check of their accounts
 * (gone, disabled, revoked) in one lookup. A made-up token costs its read and nothing at
 * Firebase.
 */
async function readSessions(tokens: string[]): Promise<Map<string, Promise<Session | undefined>>> {
  const records = await getDb().getAll(...tokens.map(sessionRef));
  const asked = tokens.flatMap((token, i) =>
    unexpired(records[i]) && !isLegacyToken(token) ? [String(records[i].get('uid'))] : [],
  );
  const accounts = asked.length > 0 ? await accountsNow([...new Set(asked)]) : new Map();
  return new Map(tokens.map((token, i) => [token, sessionOf(token, records[i], accounts)]));
}

/** The session behind `token`, from its record and its account as Firebase has it now. */
async function sessionOf(
  token: string,
  record: DocumentSnapshot,
  accounts: Map<string, UserRecord>,
): Promise<Session | undefined> {
  if (!unexpired(record)) return undefined;
  const uid = String(record.get('uid'));
  const signedIn = isLegacyToken(token)
    ? await legacyCookieHolds(token, uid)
    : signedInAt(accounts.get(uid), record.get('authTime'));
  if (!signedIn) return undefined;
  const { email, grants } = Array.isArray(record.get('permissions'))
    ? { email: String(record.get('email') ?? ''), grants: record.data() as SessionGrants }
    : // A record from before records carried grants: the account's as stored now.
      await readAccount(uid);
  if (grants.approved !== true) return undefined;
  return { uid, email, role: grants.role, permissions: grants.permissions };
}

/** Ends the session behind `token`. */
export async function endSession(token: string): Promise<void> {
  await sessionRef(token).delete();
}

/** Ends every session of `uid`: Firebase revokes its tokens and the records go. */
export async function endAllSessions(uid: string): Promise<void> {
  await auth().revokeRefreshTokens(uid);
  await deleteSessionRecords(uid);
}

export async function deleteSessionRecords(uid: string): Promise<void> {
  const db = getDb();
  const snap = await db.collection(SESSIONS).where('uid', '==', uid).get();
  for (let i = 0; i < snap.docs.length; i += 400) {
    const batch = db.batch();
    for (const doc of snap.docs.slice(i, i + 400)) batch.delete(doc.ref);
    await batch.commit();
  }
}
