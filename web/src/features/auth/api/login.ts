import { api } from '../../../lib/api-client';
import { storeSession } from './session';
import type { SessionAnswer } from './types';

import type { LoginInput } from '@contract/answers';

export type { LoginInput };

function login(input: LoginInput): Promise<SessionAnswer> {
  return api.post('/auth/login', input, { fallbackMessage: 'Login failed' });
}

/**
 * Signs in by password and stores the session. Nothing cached for an earlier session can show:
 * the query cache belongs to the signed-in shell, which starts a new one for each session.
 */
export async function signInWithPassword(input: LoginInput): Promise<void> {
  storeSession(await login(input), input.email);
}
