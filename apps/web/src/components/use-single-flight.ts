import type { UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';

/**
 * One call at a time from a button: `begin()` answers false while an earlier call is still on
 * its way (a double click), so the caller sends nothing; `end()` once it answered. `running` is
 * true from the click on, before the mutation reports itself pending, for the button's loading
 * state.
 */
export const useSingleFlight = () => {
  const inFlight = useRef(false);
  const [running, setRunning] = useState(false);
  const begin = useCallback(() => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setRunning(true);
    return true;
  }, []);
  const end = useCallback(() => {
    inFlight.current = false;
    setRunning(false);
  }, []);
  return { begin, end, running };
};

/** What a send may do once the server answered. */
interface SendOptions<Answer> {
  onSuccess?: (answer: Answer) => unknown;
  onError?: (error: Error) => unknown;
}

/**
 * A mutation sent from a button, one call at a time (useSingleFlight): `send` sends nothing
 * while the last call is on its way; `pending` is true from the click on.
 */
export const useMutationOnce = <Input, Answer>(
  mutation: UseMutationResult<Answer, Error, Input>,
) => {
  const { begin, end, running } = useSingleFlight();
  const send = (input: Input, options: SendOptions<Answer> = {}) => {
    // A second click while the first is on its way sends nothing.
    if (!begin()) return;
    mutation.mutate(input, { ...options, onSettled: end });
  };
  return { send, pending: mutation.isPending || running };
};
