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
  // The try holds a place on the counters while its password is checked: a wrong one keeps it
  // as a failure, anything else gives it back.
  const result = await signInWithPassword(email, password).catch(async (err: unknown) => {
    await giveBackTry(PASSWORD_THROTTLE, email, ip);
    throw err;
  });
  if (!result.ok) {
    if (result.reason === 'invalid-credentials') {
      await settleFailedTry(PASSWORD_THROTTLE, email, ip);
      throw new HttpError(401, INVALID_CREDENTIALS);
    }
    await giveBackTry(PASSWORD_THROTTLE, email, ip);
    if (result.reason === 'disabled')
      throw new HttpError(403, 'This account is disabled. Contact an admin.');
    throw new HttpError(429, `${TOO_MANY_FAILURES} Try again later.`);
  }
  // Right: the place goes back now, with the address's other sign-ins (one write for them all),
  // while the session is made; tries from the address waiting for a place go on meanwhile.
  const [answer] = await Promise.all([
    finishSignIn({
      uid: result.uid,
      method: 'password',
      throttle: [PASSWORD_THROTTLE, email, ip],
      idToken: result.idToken,
    }),
    giveBackTry(PASSWORD_THROTTLE, email, ip),
  ]);
  return answer;
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
  return sessionAnswer(token, user, grants.permissions);
}
