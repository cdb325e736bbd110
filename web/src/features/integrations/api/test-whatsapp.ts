import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TestResult } from './types';

/** Sends a WhatsApp test message to the first admin number, with the saved settings. */
export function testWhatsApp(): Promise<TestResult> {
  return api.post(
    '/integrations/whatsapp/test',
    {},
    {
      fallbackMessage: 'WhatsApp failed',
    },
  );
}

export function useTestWhatsApp() {
  return useMutation({ mutationFn: testWhatsApp });
}
