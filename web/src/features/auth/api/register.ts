import { api } from '../../../lib/api-client';

/** Self-registration has no role picker: every new account asks for the default role. */
export const REGISTER_DEFAULT_ROLE = 'sales';

export type RegisterInput = { fullName: string; email: string; phone: string; password: string };

export function register(input: RegisterInput): Promise<{ message?: string }> {
  return api.post(
    '/auth/register',
    { ...input, role: REGISTER_DEFAULT_ROLE },
    { fallbackMessage: 'Registration failed' },
  );
}
