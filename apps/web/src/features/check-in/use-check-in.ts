import type { CheckInInput, CheckInResult, DeskFoundBy } from '@kora/shared';
import { useCallback, useState } from 'react';
import { useSubmissionKey } from '@/components/use-submission-key';
import { useRecordCheckIn } from './api';

/** What the desk sees once a check-in answered: the visit, or "Already checked in at 07:42". */
export interface CheckInOutcome {
  memberId: number;
  result: CheckInResult;
  message: string;
}

/**
 * Checks a member in. One Idempotency-Key per attempt: a second click while the first is on
 * its way sends nothing, and a retry after a failure sends the same key, so the visit is
 * recorded once.
 */
export const useCheckIn = () => {
  const record = useRecordCheckIn();
  const submission = useSubmissionKey('check-in');
  const [outcome, setOutcome] = useState<CheckInOutcome | null>(null);

  const checkIn = useCallback(
    (memberId: number, foundBy: DeskFoundBy, overrideReason?: string) => {
      const input: CheckInInput = {
        member_id: memberId,
        found_by: foundBy,
        ...(overrideReason ? { override_reason: overrideReason } : {}),
      };
      const key = submission.start(input);
      if (!key) return;
      record.mutate(
        { input, key },
        {
          onSuccess: (answer) => {
            submission.settle(true);
            setOutcome({ memberId, result: answer.data, message: answer.message });
          },
          onError: () => submission.settle(false),
        },
      );
    },
    [record, submission],
  );

  const reset = useCallback(() => {
    setOutcome(null);
    record.reset();
  }, [record]);

  return {
    checkIn,
    reset,
    outcome,
    error: record.error,
    pending: record.isPending || submission.sending,
  };
};
