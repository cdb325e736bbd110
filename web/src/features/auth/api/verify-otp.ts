import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeSession } from './session';
import type { SessionAnswer } from './types';

export type VerifyOtpInput = { identifier: string; code: string };

export function verifyOtp(input: VerifyOtpInput): Promise<SessionAnswer> {
  return api.post<SessionAnswer>('/auth/otp/verify', input, { fallbackMessage: 'Invalid OTP' });
}

/** Signs in with a one-time code and stores the session. */
export function useVerifyOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyOtp,
    onSuccess: (answer, input) => {
      storeSession(answer, input.identifier.includes('@') ? input.identifier : undefined);
      queryClient.removeQueries(); // nothing cached for an earlier session is shown to this one
    },
  });
}
