import { api } from '../../../lib/api-client';
import { storeSession } from './session';
import type { SessionAnswer } from './types';

import type { VerifyOtpInput } from '@contract/answers';

export type { VerifyOtpInput };

function verifyOtp(input: VerifyOtpInput): Promise<SessionAnswer> {
  return api.post('/auth/otp/verify', input, { fallbackMessage: 'Invalid OTP' });
}

/** Signs in with a one-time code and stores the session (a new session: see login.ts). */
export async function signInWithOtp(input: VerifyOtpInput): Promise<void> {
  storeSession(
    await verifyOtp(input),
    input.identifier.includes('@') ? input.identifier : undefined,
  );
}
