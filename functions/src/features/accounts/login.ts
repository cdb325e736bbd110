// Password sign-in: Firebase Authentication checks the password, the users document says
// whether the account may use the console, and a session token comes back.
import type { SessionAnswer } from '../../contract/answers';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { HttpError } from '../../http/errors';
import { normalizeRoleName } from '../../domain/identity/permissions';
import { userRef } from '../../domain/identity/user-store';
import { signInWithPassword } from './identity-toolkit';
import { LOGIN_FAILURES_PER_EMAIL, LOGIN_FAILURES_PER_IP } from './rate-limit';
import {
  giveBackTry,
  recordSuccess,
  settleFailedTry,
  startTry,
  type ThrottlePolicy,
} from './sign-in-throttle';
import { startSession, type SignInMethod } from '../../domain/identity/sessions';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const AWAITING_APPROVAL =
  'Your account is awaiting admin approval. You can sign in once an admin approves it.';
export const NO_ACCESS = 'This account has no access to the console. Contact an admin.';
const TOO_MANY_FAILURES = 'Too many failed sign-in attempts.';

/** Wrong passwords: 5 free per account and address, 30 per address, 50 per account an hour. */
export const PASSWORD_THROTTLE: ThrottlePolicy = {
  scope: 'login',
  freeTries: 5,
  perAddress: LOGIN_FAILURES_PER_IP,
  perAccount: LOGIN_FAILURES_PER_EMAIL,
  message: TOO_MANY_FAILURES,
  counts: 'failures',
};

/** Refuses an account that may not sign in; the password (or code) was right already. */
function assertMaySignIn(user: DocumentSnapshot): void {
  if (!user.exists) throw new HttpError(403, NO_ACCESS);
  if (user.get('approved') !== true) throw new HttpError(403, AWAITING_APPROVAL);
}

function sessionAnswer(
  token: string,
  user: DocumentSnapshot,
  permissions: string[],
): SessionAnswer {
  const role = normalizeRoleName(String(user.get('role') ?? ''));
  return {
    token,
    role,
    permissions,
    user: {
      id: user.id,
      fullName: String(user.get('fullName') ?? ''),
      email: String(user.get('email') ?? ''),
      role,
    },
  };
}

export async function loginWithPassword(
  email: string,
  password: string,
  ip: string,
): Promise<SessionAnswer> {
  await startTry(PASSWORD_THROTTLE, email, ip);
  // The try holds a place on the counters from here: a wrong password keeps it as a failure,
  // anything else gives it back (a sign-in in its session's commit, any other outcome here).
  let wrongPassword = false;
  try {
    const result = await signInWithPassword(email, password);
    if (!result.ok) {
      if (result.reason === 'disabled')
        throw new HttpError(403, 'This account is disabled. Contact an admin.');
      if (result.reason === 'too-many-attempts')
        throw new HttpError(429, `${TOO_MANY_FAILURES} Try again later.`);
      wrongPassword = true;
      throw new HttpError(401, INVALID_CREDENTIALS);
    }
    return await finishSignIn({
      uid: result.uid,
      method: 'password',
      throttle: [PASSWORD_THROTTLE, email, ip],
      idToken: result.idToken,
    });
  } catch (err) {
    await (wrongPassword ? settleFailedTry : giveBackTry)(PASSWORD_THROTTLE, email, ip);
    throw err;
  }
}

/**
 * The credential was right: the account must be one that may sign in, as the session's
 * transaction reads it (no read of its own: a sign-in is a team's costliest call); the session
 * starts with the account's Firebase ID token, and the throttle's pair starts over in its commit.
 * A token still to be minted (a code's sign-in: minting it signs the account in at Firebase)
 * waits for the account's check; a password's sign-in has happened at Firebase already, and a
 * refused account's ends there (no record is stored, and no call is taken without one).
 */
export async function finishSignIn(signIn: {
  uid: string;
  method: SignInMethod;
  throttle: [policy: ThrottlePolicy, account: string, ip: string];
  idToken: string | (() => Promise<string>);
}): Promise<SessionAnswer> {
  let idToken = signIn.idToken;
  if (typeof idToken !== 'string') {
    assertMaySignIn(await userRef(signIn.uid).get());
    idToken = await idToken();
  }
  const { token, user, grants } = await startSession(idToken, signIn.uid, signIn.method, {
    check: assertMaySignIn,
    alsoWrite: (tx) => recordSuccess(tx, ...signIn.throttle),
  });
  // The try's place given back after that commit, with the address's other sign-ins (one
  // write for them all): tries from the address waiting for one go on.
  await giveBackTry(...signIn.throttle);
  return sessionAnswer(token, user, grants.permissions);
}
