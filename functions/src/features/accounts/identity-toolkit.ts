// Firebase Authentication's REST sign-in calls (the Admin SDK cannot check a password). Locally
// they go to the Auth emulator, which takes any API key; in production they need the project's
// web API key, FIREBASE_WEB_API_KEY.
import * as logger from 'firebase-functions/logger';
import { fetchOutsideRequestDomain } from '../../http/outside-request-domain';

const TIMEOUT_MS = 10_000;

export type PasswordSignIn =
  | { ok: true; uid: string; idToken: string }
  | { ok: false; reason: 'invalid-credentials' | 'disabled' | 'too-many-attempts' };

export function identityToolkitUrl(method: string, env: NodeJS.ProcessEnv = process.env): string {
  const emulator = env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  if (emulator)
    return `http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=emulator`;
  const key = env.FIREBASE_WEB_API_KEY?.trim();
  if (!key) throw new Error('FIREBASE_WEB_API_KEY is not set (needed to check passwords)');
  return `https://identitytoolkit.googleapis.com/v1/accounts:${method}?key=${encodeURIComponent(key)}`;
}

async function call(
  method: string,
  body: Record<string, unknown>,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetchOutsideRequestDomain(identityToolkitUrl(method), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: res.status, json };
}

function errorCode(json: Record<string, unknown>): string {
  const error = json.error as { message?: unknown } | undefined;
  // Messages look like 'INVALID_PASSWORD' or 'TOO_MANY_ATTEMPTS_TRY_LATER : Access to ...'.
  return String(error?.message ?? '').split(/[\s:]/)[0];
}

const INVALID_CREDENTIALS = new Set([
  'INVALID_PASSWORD',
  'EMAIL_NOT_FOUND',
  'INVALID_LOGIN_CREDENTIALS',
  'INVALID_EMAIL',
  'MISSING_PASSWORD',
]);

export async function signInWithPassword(email: string, password: string): Promise<PasswordSignIn> {
  const { status, json } = await call('signInWithPassword', { email, password });
  if (status === 200 && typeof json.idToken === 'string' && typeof json.localId === 'string')
    return { ok: true, uid: json.localId, idToken: json.idToken };
  const code = errorCode(json);
  if (INVALID_CREDENTIALS.has(code)) return { ok: false, reason: 'invalid-credentials' };
  if (code === 'USER_DISABLED') return { ok: false, reason: 'disabled' };
  if (code === 'TOO_MANY_ATTEMPTS_TRY_LATER') return { ok: false, reason: 'too-many-attempts' };
  logger.error(`signInWithPassword answered ${status} ${code}`);
  throw new Error(`Password sign-in failed: ${status} ${code}`);
}

/** The ID token for a custom token the Admin SDK minted (OTP sign-in). */
export async function signInWithCustomToken(token: string): Promise<string> {
  const { status, json } = await call('signInWithCustomToken', { token });
  if (status === 200 && typeof json.idToken === 'string') return json.idToken;
  throw new Error(`Custom token sign-in failed: ${status} ${errorCode(json)}`);
}
