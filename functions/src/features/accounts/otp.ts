// One-time codes for signing in by email or phone (WhatsApp). A code is 6 digits from a CSPRNG,
// stored only as sha256(salt + code) in otps/{sha256(identifier)} = { uid, channel, salt,
// codeHash, attempts, createdAt, expiresAt }: one live code per identifier (a new request
// replaces it), valid 10 minutes, single use, burnt after 5 wrong tries.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { now } from '../../clock';
import { getDb, getFirebaseApp } from '../../firebase';
import { HttpError } from '../../http/errors';
import { timestampNow } from '../../timestamps';
import { findSoleApprovedUser } from '../../domain/identity/user-store';
import type { SessionAnswer } from '../../contract/answers';
import { finishSignIn } from './login';
import { parseIdentifier, type Identifier } from './identifier';
import { signInWithCustomToken } from './identity-toolkit';
import { deliverCode } from './otp-delivery';
import { OTP_REQUESTS_PER_IDENTIFIER, OTP_REQUESTS_PER_IP } from './rate-limit';
import { startTry, type ThrottlePolicy } from './sign-in-throttle';

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_WRONG_TRIES = 5;
export const OTP_SENT = 'OTP sent';
/** One answer for every failed check, so it tells nothing about which accounts exist. */
export const INVALID_OTP = 'Invalid or expired OTP';
export const OTPS = 'otps';

/** Codes asked: 3 free per identifier and address, 20 per address, 10 per identifier an hour. */
export const OTP_THROTTLE: ThrottlePolicy = {
  scope: 'otp',
  freeTries: 3,
  perAddress: OTP_REQUESTS_PER_IP,
  perAccount: OTP_REQUESTS_PER_IDENTIFIER,
  message: 'Too many OTP requests.',
  counts: 'requests',
};

/**
 * The shortest time an OTP request takes to answer. A code for a known account is stored and
 * sent, for an unknown one nothing happens: without this floor the answer's timing would tell
 * which accounts exist. It covers a provider's usual send time; tests lower it.
 */
export const otpSettings = { answerFloorMs: 1500 };

const throttleKey = (identifier: Identifier) => `${identifier.channel}:${identifier.value}`;

function otpRef(identifier: Identifier) {
  const id = createHash('sha256').update(`${identifier.channel}:${identifier.value}`).digest('hex');
  return getDb().collection(OTPS).doc(id);
}

function hashCode(salt: string, code: string): Buffer {
  return createHash('sha256').update(salt).update(code).digest();
}

/** The one approved account this identifier names, if any. */
function findAccount(identifier: Identifier): Promise<string | undefined> {
  return findSoleApprovedUser(identifier.channel === 'email' ? 'email' : 'phone', identifier.value);
}

/**
 * Sends a code to the account `input` names. An identifier without an approved account gets the
 * same answer, and nothing is sent or stored. The code goes only by email or WhatsApp (on the
 * local stack, to its outbox), never in an answer: anyone may ask a code for any account.
 */
export async function requestOtp(input: string, ip: string): Promise<{ message: string }> {
  const identifier = parseIdentifier(input);
  await startTry(OTP_THROTTLE, throttleKey(identifier), ip);
  const floor = sleep(otpSettings.answerFloorMs);
  try {
    return await sendCode(identifier);
  } finally {
    await floor;
  }
}

async function sendCode(identifier: Identifier): Promise<{ message: string }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const uid = await findAccount(identifier);
  if (uid) {
    const salt = randomBytes(16).toString('hex');
    const ref = otpRef(identifier);
    await ref.set({
      uid,
      channel: identifier.channel,
      salt,
      codeHash: hashCode(salt, code).toString('hex'),
      attempts: 0,
      createdAt: timestampNow(),
      // Firestore's TTL policy on this field removes codes nobody used.
      expiresAt: Timestamp.fromMillis(now() + OTP_TTL_MS),
    });
    const outcome = await deliverCode(identifier, code, OTP_TTL_MS);
    if (!outcome.ok) {
      await ref.delete();
      logger.warn(`OTP not delivered by ${identifier.channel}: ${outcome.error}`);
      throw new HttpError(
        502,
        'Failed to send OTP. Try again later or sign in with your password.',
      );
    }
  }
  return { message: OTP_SENT };
}

type Check = { ok: true; uid: string } | { ok: false };

/** Checks `code` in a transaction: a right code is used up, a wrong one counts a try. */
async function checkCode(identifier: Identifier, code: string): Promise<Check> {
  const db = getDb();
  const ref = otpRef(identifier);
  return db.runTransaction(async (tx): Promise<Check> => {
    const doc = await tx.get(ref);
    if (!doc.exists) return { ok: false };
    const expiresAt = doc.get('expiresAt') as Timestamp | undefined;
    if (!expiresAt || expiresAt.toMillis() <= now()) {
      tx.delete(ref);
      return { ok: false };
    }
    const expected = Buffer.from(String(doc.get('codeHash') ?? ''), 'hex');
    const given = hashCode(String(doc.get('salt') ?? ''), code);
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      tx.delete(ref);
      return { ok: true, uid: String(doc.get('uid')) };
    }
    const attempts = Number(doc.get('attempts') ?? 0) + 1;
    if (attempts >= OTP_MAX_WRONG_TRIES) tx.delete(ref);
    else tx.update(ref, { attempts });
    return { ok: false };
  });
}

export async function verifyOtp(input: string, code: string, ip: string): Promise<SessionAnswer> {
  const identifier = parseIdentifier(input);
  const check = await checkCode(identifier, code);
  if (!check.ok) throw new HttpError(400, INVALID_OTP);
  const { uid } = check;
  return finishSignIn({
    uid,
    method: 'otp',
    throttle: [OTP_THROTTLE, throttleKey(identifier), ip],
    idToken: async () =>
      signInWithCustomToken(await getAuth(getFirebaseApp()).createCustomToken(uid)),
  });
}
