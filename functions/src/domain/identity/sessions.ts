// Sessions: a Firebase session cookie (5 days, revocable) plus a random session id is the token,
// `<cookie>~<id>`, sent back as the Bearer header or the __session cookie. Each one also has a
// record, sessions/{sha256(token)} = { uid, method, createdAt, expiresAt }, so logging out ends
// exactly that token at once: Firebase's own revocation counts in whole seconds and misses a
// cookie minted in the same second, and two sign-ins of one account in the same second get the
// same cookie, so only the id keeps them two sessions.
import { createHash, randomBytes } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
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

function sessionRef(token: string) {
  return getDb().collection(SESSIONS).doc(createHash('sha256').update(token).digest('hex'));
}

/** '~' is in both a cookie's and a Bearer token's alphabet, and in neither a JWT's nor base64url's. */
const SESSION_ID_SEPARATOR = '~';

/** The Firebase session cookie inside a token (tokens from before session ids are only that). */
export function firebaseCookieOf(token: string): string {
  return token.split(SESSION_ID_SEPARATOR)[0];
}

/** Turns a fresh ID token into a session token of its own and records it. */
export async function startSession(
  idToken: string,
  uid: string,
  method: 'password' | 'otp',
): Promise<string> {
  const cookie = await auth().createSessionCookie(idToken, { expiresIn: SESSION_LIFETIME_MS });
  const token = `${cookie}${SESSION_ID_SEPARATOR}${randomBytes(16).toString('base64url')}`;
  await sessionRef(token).set({
    uid,
    method,
    createdAt: timestampNow(),
    // Firestore's TTL policy on this field removes records after the cookie has expired.
    expiresAt: Timestamp.fromMillis(now() + SESSION_LIFETIME_MS),
  });
  return token;
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

/** Errors that only say the token is no good (bad, expired, revoked, user gone or disabled). */
function isRefusedToken(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('auth/') && code !== 'auth/internal-error';
}

async function verify(token: string): Promise<DecodedIdToken | undefined> {
  try {
    return await auth().verifySessionCookie(firebaseCookieOf(token), true);
  } catch (err) {
    if (isRefusedToken(err)) return undefined;
    throw err;
  }
}

/** Resolutions under way, by token: calls that arrive while one runs share it. */
const resolving = new Map<string, Promise<Session | undefined>>();

/**
 * The caller behind `token`, read fresh for every call: a revoked or ended session, a deleted
 * or unapproved account is no session; role and permissions come from users/{uid} and the
 * role. A page makes its calls at once (the dashboard, nine), so the calls of one token that
 * arrive while its check runs take that check's answer instead of each asking Auth and
 * Firestore again; a call that arrives after it ended starts a new one, so no call is answered
 * from a check that had ended before the call came. The session is shared: read-only.
 */
export function resolveSession(token: string): Promise<Session | undefined> {
  let check = resolving.get(token);
  if (!check) {
    check = readSession(token).finally(() => resolving.delete(token));
    resolving.set(token, check);
  }
  return check;
}

async function readSession(token: string): Promise<Session | undefined> {
  const decoded = await verify(token);
  if (!decoded) return undefined;
  const db = getDb();
  const [user, record] = await db.getAll(db.collection(USERS).doc(decoded.uid), sessionRef(token));
  if (!user.exists || user.get('approved') !== true) return undefined;
  if (!record.exists || record.get('uid') !== decoded.uid) return undefined;
  const role = normalizeRoleName(String(user.get('role') ?? ''));
  // Admin holds '*' whatever its document says: no read needed.
  const stored = role && role !== ADMIN_ROLE ? await findRoleByName(role) : undefined;
  return {
    uid: decoded.uid,
    email: String(user.get('email') ?? decoded.email ?? ''),
    role,
    permissions: effectivePermissions(role, stored?.permissions ?? []),
  };
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
