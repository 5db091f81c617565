import type { UseMutationResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSubmissionKey } from './use-submission-key';

/**
 * The submit of a create page (a member, a plan): one Idempotency-Key per submission of the
 * form named `form` (useSubmissionKey). Once created, `created` runs (a notification, an upload)
 * and answers where to go next; the form stays locked until it is left.
 */
export const useCreateSubmit = <Input, Answer>(
  form: string,
  create: UseMutationResult<Answer, Error, { input: Input; key: string }>,
  created: (answer: Answer) => string | Promise<string>,
) => {
  const navigate = useNavigate();
  const submission = useSubmissionKey(form);

  const submit = (input: Input) => {
    // A second click while the first is on its way sends nothing.
    const key = submission.start(input);
    if (!key) return;
    create.mutate(
      { input, key },
      {
        onError: () => submission.settle(false),
        onSuccess: async (answer) => {
          const next = await created(answer);
          // Locked until the page is left: a late second click must not create it again.
          submission.done();
          void navigate(next);
        },
      },
    );
  };

  return { submit, pending: create.isPending || submission.sending };
};
