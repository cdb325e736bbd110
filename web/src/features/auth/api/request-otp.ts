import { api } from '../../../lib/api-client';

export type { MessageAnswer as OtpRequestAnswer } from '@contract/answers';

export function requestOtp({ identifier }: { identifier: string }): Promise<OtpRequestAnswer> {
  return api.post(
    '/auth/otp/request',
    { identifier },
    { fallbackMessage: 'Failed to send OTP' },
  );
}
