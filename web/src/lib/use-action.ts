import { useCallback, useState } from 'react';

type ActionState<Output> =
  | { status: 'idle' | 'pending'; data?: undefined; error?: undefined }
  | { status: 'success'; data: Output; error?: undefined }
  | { status: 'error'; data?: undefined; error: Error };

/**
 * One async call a form sends (a submit), with its pending, success and error states: for the
 * sign-in screen, which comes before the query cache (TanStack Query loads with the signed-in
 * screens, not with the sign-in route's script). `run` sends the call; `onSuccess` runs with
 * its answer once it is stored in the state.
 */
export function useAction<Input, Output>(action: (input: Input) => Promise<Output>) {
  const [state, setState] = useState<ActionState<Output>>({ status: 'idle' });

  const run = useCallback(
    async (input: Input, onSuccess?: (answer: Output) => void) => {
      setState({ status: 'pending' });
      let answer: Output;
      try {
        answer = await action(input);
      } catch (error) {
        setState({ status: 'error', error: error instanceof Error ? error : Error(String(error)) });
        return;
      }
      setState({ status: 'success', data: answer });
      onSuccess?.(answer);
    },
    [action],
  );
  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return {
    ...state,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    run,
    reset,
  };
}
