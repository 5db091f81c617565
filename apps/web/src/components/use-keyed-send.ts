import type { UseMutationResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSubmissionKey } from './use-submission-key';

/**
 * Sends the submissions of the form named `form` through `mutation`, one Idempotency-Key per
 * submission (useSubmissionKey): `send(input, sent)` sends nothing while an earlier send is on
 * its way (a double click), and calls `sent` with the answer once the server confirmed it.
 * `sending` is true from the click until the answer.
 */
export const useKeyedSend = <Input, Answer>(
  form: string,
  mutation: UseMutationResult<Answer, Error, { input: Input; key: string }>,
) => {
  const { start, settle, sending } = useSubmissionKey(form);
  const { mutate } = mutation;

  const send = useCallback(
    (input: Input, sent: (answer: Answer) => void) => {
      const key = start(input);
      if (!key) return;
      mutate(
        { input, key },
        {
          onSuccess: (answer) => {
            settle(true);
            sent(answer);
          },
          onError: () => settle(false),
        },
      );
    },
    [start, settle, mutate],
  );

  return { send, sending: mutation.isPending || sending };
};
