// Self-registration: a Firebase Authentication account plus an unapproved users document, and a
// notification for admins. The account signs in only once an admin approves it.
import { getAuth } from 'firebase-admin/auth';
import { getFirebaseApp } from '../../firebase';
import { HttpError } from '../../http/errors';
import { FOR_ADMINS } from '../../domain/notifications/audience';
import { findRoleByName } from '../../domain/identity/role-store';
import { isPhoneTaken, storeRegisteredUser } from '../../domain/identity/user-store';

export const REGISTERED = 'Registered successfully. An admin will approve your account.';
export const EMAIL_TAKEN = 'An account with this email already exists.';
export const PHONE_TAKEN = 'An account with this phone number already exists.';
export const TOO_MANY_REGISTRATIONS = 'Too many registrations from this network.';

export interface Registration {
  fullName: string;
  email: string;
  phone?: string;
  password: string;
  /** Lowercased, never admin (the schema refuses it). */
  role: string;
}

export async function register(input: Registration): Promise<void> {
  if (!(await findRoleByName(input.role)))
    throw new HttpError(400, `Unknown role: ${input.role}`, { role: 'Unknown role' });
  // Phone numbers sign in by OTP, so one number belongs to one account.
  if (input.phone) {
    if (await isPhoneTaken(input.phone))
      throw new HttpError(409, PHONE_TAKEN, { phone: 'Already registered' });
  }
  const auth = getAuth(getFirebaseApp());
  let uid: string;
  try {
    ({ uid } = await auth.createUser({
      email: input.email,
      password: input.password,
      displayName: input.fullName,
    }));
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    if (code === 'auth/email-already-exists')
      throw new HttpError(409, EMAIL_TAKEN, { email: 'Already registered' });
    if (code === 'auth/invalid-email')
      throw new HttpError(400, 'email: Enter a valid email address', {
        email: 'Enter a valid email address',
      });
    if (code === 'auth/invalid-password')
      throw new HttpError(400, 'password: Password must be at least 8 characters', {
        password: 'Password must be at least 8 characters',
      });
    throw err;
  }
  const { fullName, email, role } = input;
  const user = { fullName, email, phone: input.phone ?? '', role };
  const message = `${fullName} (${email}) registered as ${role} and awaits approval.`;
  try {
    await storeRegisteredUser(uid, user, {
      to: FOR_ADMINS,
      type: 'user.pending',
      title: 'New account awaiting approval',
      message,
      about: { userId: uid },
    });
  } catch (err) {
    // No half-registered account: without its documents the email could never register again.
    await auth.deleteUser(uid).catch(() => undefined);
    throw err;
  }
}
