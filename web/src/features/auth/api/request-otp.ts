import { api } from '../../../lib/api-client';

/** The code itself goes only by email or WhatsApp, never in this answer. */
export type OtpRequestAnswer = { message?: string };

export function requestOtp({ identifier }: { identifier: string }): Promise<OtpRequestAnswer> {
  return api.post<OtpRequestAnswer>(
    '/auth/otp/request',
    { identifier },
    { fallbackMessage: 'Failed to send OTP' },
  );
}
