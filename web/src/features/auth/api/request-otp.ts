import { api } from '../../../lib/api-client';

import type { MessageAnswer } from '@contract/answers';

export function requestOtp({ identifier }: { identifier: string }): Promise<MessageAnswer> {
  return api.post('/auth/otp/request', { identifier }, { fallbackMessage: 'Failed to send OTP' });
}
