import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle, IconLogin2 } from '@tabler/icons-react';
import type { CheckInCandidate } from '@kora/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/form-alerts';
import { IconAlert } from '@/components/icon-alert';
import { PersonAvatar } from '@/components/person-avatar';
import {
  CHECK_IN_TEXTS,
  TONE_COLOR,
  coveredByLine,
  lagosTime,
  verdictPlanLine,
} from '../check-in-format';
import { useQueuedAction } from '@/features/offline';
import { OFFLINE_TEXTS } from '@/lib/desk-format';
import type { CheckInOutcome, useCheckIn } from '../use-check-in';
import { OverrideForm } from './override-form';
import { memberAsPerson } from './person-line';

export interface VerdictCardProps {
  candidate: CheckInCandidate;
  /** The page's check-in (its state is kept while the verdict refreshes). */
  checkIn: ReturnType<typeof useCheckIn>;
  /** Record Payment and Send Payment Link, from the page that composes the features. */
  paymentActions?: ReactNode;
  /** End freeze, for a frozen member (instead of the payment actions). */
  freezeActions?: ReactNode;
  /** Sell day pass, on a red verdict. */
  onSellDayPass?: () => void;
  /** The member's details page. */
  profilePath: string;
}

/**
 * Whether the member may train today: big and coloured by the verdict's tone, read out when it
 * changes, with what the desk can do next. Green: Check in. Amber: Check in, and payment at
 * hand. Red: payment, a day pass, or "Let in anyway" with a reason. Frozen: End freeze (their
 * subscription is paid; a payment or a day pass is not what they need), or "Let in anyway".
 */
export function VerdictCard({
  candidate,
  checkIn,
  paymentActions,
  freezeActions,
  onSellDayPass,
  profilePath,
}: VerdictCardProps) {
  const { member, verdict } = candidate;
  const [overriding, setOverriding] = useState(false);
  const color = TONE_COLOR[verdict.tone];
  const person = memberAsPerson(member);
  const { name } = person;
  const outcome = checkIn.outcome?.memberId === member.id ? checkIn.outcome : null;
  const deactivated = verdict.status === 'deactivated';
  const frozen = verdict.status === 'frozen';
  const plan = verdictPlanLine(verdict);
  const covered = coveredByLine(verdict);

  const checkInButton = (
    <Button
      size="lg"
      color="green"
      leftSection={<IconLogin2 size={20} aria-hidden />}
      loading={checkIn.pending}
      onClick={() => checkIn.checkIn(candidate)}
    >
      Check in
    </Button>
  );

  return (
    <Paper
      component="section"
      aria-label={`${name}: can they train today?`}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      style={{ borderWidth: 3, borderColor: `var(--mantine-color-${color}-6)` }}
      data-tone={verdict.tone}
    >
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="center">
          <PersonAvatar {...person} size={72} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} fz="h3" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              Member ID: {member.member_id || 'Not assigned'} ·{' '}
              <Anchor component={Link} to={profilePath} size="sm">
                Open profile
              </Anchor>
            </Text>
          </Stack>
        </Group>
        <div aria-live="polite" aria-atomic="true">
          <Text
            fz={{ base: 26, sm: 32 }}
            fw={800}
            c={`${color}.8`}
            lh={1.2}
            data-testid="verdict-text"
          >
            {verdict.text}
          </Text>
          {covered ? <Text size="md">{covered}</Text> : null}
          {plan ? (
            <Text size="sm" c="dimmed">
              {plan}
            </Text>
          ) : null}
        </div>
        {outcome ? (
          <Outcome outcome={outcome} />
        ) : (
          <>
            {candidate.checked_in_at ? (
              <Text size="sm" fw={600}>
                Already checked in at {lagosTime(candidate.checked_in_at)}
              </Text>
            ) : null}
            <ErrorAlert error={checkIn.error} fallback={CHECK_IN_TEXTS.checkInFailed} />
            {overriding ? (
              <OverrideForm
                pending={checkIn.pending}
                onCancel={() => setOverriding(false)}
                onSubmit={(reason) => checkIn.checkIn(candidate, reason)}
              />
            ) : (
              <Group gap="sm" wrap="wrap">
                {verdict.tone === 'red' ? null : checkInButton}
                {frozen ? freezeActions : null}
                {verdict.tone === 'green' || deactivated || frozen ? null : paymentActions}
                {verdict.tone === 'red' && !deactivated && !frozen && onSellDayPass ? (
                  <Button size="lg" variant="light" onClick={onSellDayPass}>
                    Sell day pass
                  </Button>
                ) : null}
                {verdict.tone === 'red' ? (
                  <Button
                    size="lg"
                    variant="outline"
                    color="red"
                    onClick={() => setOverriding(true)}
                  >
                    Let in anyway
                  </Button>
                ) : null}
              </Group>
            )}
            {deactivated ? (
              <Text size="sm" c="dimmed">
                Their account is deactivated: reactivate it from their profile before taking a
                payment.
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Outcome({ outcome }: { outcome: NonNullable<ReturnType<typeof useCheckIn>['outcome']> }) {
  if (outcome.queued) return <QueuedOutcome queued={outcome.queued} />;
  const { result, message } = outcome;
  if (result.already_checked_in)
    return (
      <AlreadyIn>
        {message || `Already checked in at ${lagosTime(result.visit.visited_at)}`}
      </AlreadyIn>
    );
  return (
    <IconAlert
      color="green"
      variant="filled"
      role="status"
      icon={IconCircleCheck}
      iconSize={24}
      title={CHECK_IN_TEXTS.checkedIn}
    >
      At {lagosTime(result.visit.visited_at)}
      {result.visit.overridden ? ', let in anyway' : ''}.
    </IconAlert>
  );
}

function AlreadyIn({ children }: { children: ReactNode }) {
  return (
    <IconAlert color="blue" role="status" icon={IconInfoCircle}>
      {children}
    </IconAlert>
  );
}

/**
 * Offline: the check-in is saved on this device and waits to be sent; it follows the queued
 * action live (sent, or refused by the server and waiting on the Needs attention page).
 */
function QueuedOutcome({ queued }: { queued: NonNullable<CheckInOutcome['queued']> }) {
  const action = useQueuedAction(queued.seq ?? undefined);
  if (queued.already) return <AlreadyIn>Already checked in at {lagosTime(queued.at)}</AlreadyIn>;
  const state = action?.state ?? 'waiting';
  return (
    <Alert
      color={state === 'attention' ? 'red' : 'green'}
      variant={state === 'attention' ? 'light' : 'filled'}
      role="status"
      icon={<IconCircleCheck size={24} aria-hidden />}
      title={CHECK_IN_TEXTS.checkedIn}
    >
      At {lagosTime(queued.at)}
      {queued.overridden ? ', let in anyway' : ''}.{' '}
      {state === 'done'
        ? OFFLINE_TEXTS.synced
        : state === 'attention'
          ? `${OFFLINE_TEXTS.notAccepted}: ${action?.problem?.message ?? ''}`
          : OFFLINE_TEXTS.savedWillSync}
    </Alert>
  );
}
