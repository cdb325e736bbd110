import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeSession } from './session';
import type { SessionAnswer } from './types';

export type LoginInput = { email: string; password: string };

export function login(input: LoginInput): Promise<SessionAnswer> {
  return api.post<SessionAnswer>('/auth/login', input, { fallbackMessage: 'Login failed' });
}

/** Signs in by password and stores the session. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer, input) => {
      storeSession(answer, input.email);
      queryClient.removeQueries(); // nothing cached for an earlier session is shown to this one
    },
  });
}
