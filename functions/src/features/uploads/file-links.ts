// Signed, expiring links to an uploaded file, for readers without a session (the WhatsApp
// Cloud API fetching a media message's document): /api/files/uploads/{id}?exp=…&sig=…, where
// sig is an HMAC-SHA256 of the id and the expiry. The key is FILE_LINK_SECRET when set (a
// secret in production), else a random key the functions create once in secrets/fileLinks.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { getDb } from '../../firebase';
import { now } from '../../clock';

export const FILE_LINK_SECRET_DOC = 'secrets/fileLinks';
/** How long a signed link works: long enough for a provider to fetch it, short for a leak. */
export const SIGNED_LINK_TTL_MS = 3 * 24 * 60 * 60 * 1000;
const MIN_SECRET_LENGTH = 16;

let cached: { source: string; key: Buffer } | undefined;

async function linkKey(): Promise<Buffer> {
  const fromEnv = process.env.FILE_LINK_SECRET?.trim();
  if (fromEnv && fromEnv.length >= MIN_SECRET_LENGTH) return Buffer.from(fromEnv, 'utf8');
  if (cached?.source === 'firestore') return cached.key;
  const db = getDb();
  const ref = db.doc(FILE_LINK_SECRET_DOC);
  const key = await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const stored: unknown = snapshot.get('key');
    if (typeof stored === 'string' && stored.length >= MIN_SECRET_LENGTH) return stored;
    const fresh = randomBytes(32).toString('base64url');
    tx.set(ref, { key: fresh, createdAt: new Date(now()) });
    return fresh;
  });
  cached = { source: 'firestore', key: Buffer.from(key, 'utf8') };
  return cached.key;
}

/** Forgets the cached key (tests reset Firestore between files). */
export function forgetLinkKey(): void {
  cached = undefined;
}

function signature(key: Buffer, id: string, exp: number): string {
  return createHmac('sha256', key).update(`${id}.${exp}`).digest('base64url');
}

/** The query string of a signed link to file `id`, valid for `ttlMs`. */
export async function signedQuery(id: string, ttlMs = SIGNED_LINK_TTL_MS): Promise<string> {
  const exp = Math.floor((now() + ttlMs) / 1000);
  return `exp=${exp}&sig=${signature(await linkKey(), id, exp)}`;
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

/** Whether `exp` and `sig` from a link's query make a valid, unexpired link to file `id`. */
export async function checkSignedLink(id: string, exp: unknown, sig: unknown): Promise<LinkCheck> {
  if (typeof exp !== 'string' || !/^\d{1,12}$/.test(exp) || typeof sig !== 'string')
    return 'invalid';
  const expected = Buffer.from(signature(await linkKey(), id, Number(exp)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number(exp) * 1000 > now() ? 'valid' : 'expired';
}
