import { Button, Stack } from '@mantine/core';
import { IconSnowflakeOff } from '@tabler/icons-react';
import { lagosDay } from '@kora/shared';
import { Can } from '@/components/can';
import { DisabledWithReason } from '@/components/disabled-with-reason';
import { ErrorAlert } from '@/components/form-alerts';
import { useFreezeDecision, useMemberFreezes } from '../api';
import { FREEZE_TEXTS } from '../freeze-format';

/**
 * End freeze for a frozen member found at the front desk: ends the freeze running today (the
 * member is back today; the days not used come off their subscription again), and what shows
 * the member (the desk's verdict too) loads again. `disabledReason` greys it out with why
 * (offline: it needs a connection).
 */
export function EndFreezeButton({
  memberId,
  disabledReason,
}: {
  memberId: number;
  disabledReason?: string | null;
}) {
  const freezes = useMemberFreezes(memberId);
  const decide = useFreezeDecision();
  const today = lagosDay();
  const running = freezes.data?.freezes.find(
    (f) =>
      (f.status === 'approved' || f.status === 'ended') &&
      f.start_date <= today &&
      today <= f.end_date,
  );
  return (
    <Can action="freezes.manage">
      <Stack gap="xs">
        <DisabledWithReason reason={disabledReason}>
          <Button
            size="lg"
            leftSection={<IconSnowflakeOff size={20} aria-hidden />}
            loading={decide.isPending || (freezes.isLoading && !disabledReason)}
            disabled={!running && !disabledReason}
            onClick={() =>
              running && decide.mutate({ memberId, freezeId: running.id, action: 'end' })
            }
          >
            End freeze
          </Button>
        </DisabledWithReason>
        {disabledReason ? null : (
          <ErrorAlert
            error={decide.error ?? freezes.error}
            fallback={decide.error ? FREEZE_TEXTS.decisionFailed : FREEZE_TEXTS.listFailed}
          />
        )}
      </Stack>
    </Can>
  );
}
