import type { CheckInCandidate, CheckInInput, CheckInResult } from '@kora/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useKeyedSend } from '@/components/use-keyed-send';
import { recordLocalVisit, useConnection, useEnqueue } from '@/features/offline';
import { fullName } from '@/lib/format';
import { offlineLookupRoot, useRecordCheckIn } from './api';

/** What the desk sees once a check-in answered: the visit, or "Already checked in at 07:42". */
export type CheckInOutcome =
  | { memberId: number; result: CheckInResult; message: string; queued?: undefined }
  | {
      memberId: number;
      /**
       * Offline: the check-in waits on this device to be sent (`seq` in the queue), or the device
       * already holds a visit of the last 2 hours (`already`: nothing was queued).
       */
      queued: { seq: number | null; at: string; overridden: boolean; already: boolean };
      result?: undefined;
      message?: undefined;
    };

/**
 * Checks a member in. Online: one Idempotency-Key per attempt, so a second click while the
 * first is on its way sends nothing, and a retry after a failure sends the same key; the visit
 * is recorded once. Offline: the check-in is queued on this device (it reaches the server with
 * the time it happened once the connection is back); a member this device saw come in within
 * the last 2 hours is answered "Already checked in at 07:42" and nothing is queued.
 */
export const useCheckIn = () => {
  const { online } = useConnection();
  const queryClient = useQueryClient();
  const record = useRecordCheckIn();
  const { send, sending } = useKeyedSend('check-in', record);
  const { queue, error: queueError, running: queuing, clearError } = useEnqueue();
  const [outcome, setOutcome] = useState<CheckInOutcome | null>(null);

  const checkInOffline = useCallback(
    async (candidate: CheckInCandidate, input: CheckInInput) => {
      const memberId = candidate.member.id;
      if (candidate.checked_in_at) {
        setOutcome({
          memberId,
          queued: { seq: null, at: candidate.checked_in_at, overridden: false, already: true },
        });
        return;
      }
      const name = fullName(candidate.member.first_name, candidate.member.last_name);
      await queue(
        { kind: 'check_in', body: { ...input }, label: `Check-in: ${name}` },
        async (action) => {
          if (action.seq !== undefined) await recordLocalVisit(memberId, action.seq);
          setOutcome({
            memberId,
            queued: {
              seq: action.seq ?? null,
              at: action.recorded_at,
              overridden: Boolean(input.override_reason),
              already: false,
            },
          });
          // The device's lookups now know this visit (the 2-hour rule).
          void queryClient.invalidateQueries({ queryKey: offlineLookupRoot });
        },
      );
    },
    [queryClient, queue],
  );

  const checkIn = useCallback(
    (candidate: CheckInCandidate, overrideReason?: string) => {
      const memberId = candidate.member.id;
      const input: CheckInInput = {
        member_id: memberId,
        found_by: candidate.found_by,
        ...(overrideReason ? { override_reason: overrideReason } : {}),
      };
      if (!online) {
        void checkInOffline(candidate, input);
        return;
      }
      send(input, (answer) =>
        setOutcome({ memberId, result: answer.data, message: answer.message }),
      );
    },
    [online, send, checkInOffline],
  );

  const reset = useCallback(() => {
    setOutcome(null);
    clearError();
    record.reset();
  }, [record, clearError]);

  return {
    checkIn,
    reset,
    outcome,
    error: record.error ?? queueError,
    pending: sending || queuing,
  };
};
