import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TestResult } from './types';

/** Sends a test email to the first admin email, with the saved settings. */
export function testEmail(): Promise<TestResult> {
  return api.post('/integrations/email/test', {}, { fallbackMessage: 'Email failed' });
}

export function useTestEmail() {
  return useMutation({ mutationFn: testEmail });
}
