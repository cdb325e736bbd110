import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `code` comes back only on the local stack (a development aid). */
export type OtpRequestAnswer = { message?: string; code?: string };

export function requestOtp({ identifier }: { identifier: string }): Promise<OtpRequestAnswer> {
  return api.post<OtpRequestAnswer>(
    '/auth/otp/request',
    { identifier },
    { fallbackMessage: 'Failed to send OTP' },
  );
}

export function useRequestOtp() {
  return useMutation({ mutationFn: requestOtp });
}
