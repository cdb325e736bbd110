import { saveSession, writeStored } from '../../../lib/storage';
import type { SessionAnswer } from './types';

/** Keeps a sign-in answer: token, role and permissions, and who signed in. */
export function storeSession(answer: SessionAnswer, typedEmail?: string): void {
  saveSession({
    token: answer.token,
    role: answer.role ?? answer.user?.role,
    permissions: answer.permissions,
  });
  const email = answer.user?.email ?? typedEmail;
  if (email) writeStored('userEmail', email);
  if (answer.user?.fullName) writeStored('userName', answer.user.fullName);
}
