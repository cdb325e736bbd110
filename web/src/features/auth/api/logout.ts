import { api } from '../../../lib/api-client';

/** Ends the server session; a failure is ignored (the caller clears the stored session anyway). */
export async function logout(): Promise<void> {
  try {
    await api.post('/auth/logout');
  } catch {
    // Already signed out, offline or expired: nothing more to end.
  }
}
