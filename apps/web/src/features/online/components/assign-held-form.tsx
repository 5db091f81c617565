import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { formatNaira, type HeldPayment, type Member } from '@kora/shared';
import { useState } from 'react';
import { ErrorAlert } from '@/components/form-alerts';
import { MemberAutocomplete } from '@/features/members';
import { useMutationOnce } from '@/components/use-single-flight';
import { ApiError } from '@/lib/api-error';
import { fullName } from '@/lib/format';
import { usePlans } from '@/lib/use-plans';
import { useAssignHeld } from '../api';
import { ONLINE_TEXTS, isPeriods, linkAmount, periodsFor } from '../online-format';
import { payerName } from './held-payments-list';
import { PlanPeriodsFields } from './plan-periods-fields';

interface AssignHeldFormProps {
  held: HeldPayment;
  onCancel: () => void;
  /** After the payment was recorded, with what to say. */
  onDone: (message: string) => void;
}

/**
 * Records a held payment for a member's plan × periods. What was received cannot change, so the
 * plan × periods must cost exactly that: the form says so as it is filled in.
 */
export function AssignHeldForm({ held, onCancel, onDone }: AssignHeldFormProps) {
  const plans = usePlans(true);
  const assign = useAssignHeld();
  const { send, pending } = useMutationOnce(assign);
  const [member, setMember] = useState<Member | null>(null);
  const [planId, setPlanId] = useState<string | null>(null);
  const [periods, setPeriods] = useState<number | string>(1);
  const plan = plans.data?.find((p) => String(p.id) === planId);
  const expected = linkAmount(plan, periods);
  const matches = plan !== undefined && isPeriods(periods) && expected === held.amount;
  const needsMember = held.member === null;
  const fieldErrors = assign.error instanceof ApiError ? (assign.error.errors ?? {}) : {};
  const ready = matches && (!needsMember || member !== null);

  const choosePlan = (id: string | null) => {
    setPlanId(id);
    const chosen = plans.data?.find((p) => String(p.id) === id);
    // The periods that come to the amount received, when there are such.
    const fitting = chosen ? periodsFor(chosen, held.amount) : null;
    if (fitting) setPeriods(fitting);
  };

  const submit = () => {
    if (!ready || !plan) return;
    const who = needsMember ? member! : held.member!;
    send(
      {
        id: held.id,
        input: {
          ...(needsMember ? { member_id: member!.id } : {}),
          subscription_type_id: plan.id,
          duration: Number(periods),
        },
      },
      {
        onSuccess: () =>
          onDone(
            `${formatNaira(held.amount)} recorded for ${fullName(who.first_name, who.last_name)}: ${plan.name} × ${Number(periods)}.`,
          ),
      },
    );
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        <strong>{formatNaira(held.amount)}</strong> received by {held.method}. {held.reason}
      </Text>
      <ErrorAlert error={assign.error} title="Not assigned" fallback={ONLINE_TEXTS.actionFailed} />
      {needsMember ? (
        <MemberAutocomplete
          label="Member"
          placeholder="Type 2+ letters of a name, phone or ID"
          withAsterisk
          data-autofocus
          value={member}
          onChange={setMember}
          error={fieldErrors.member_id}
        />
      ) : (
        <TextInput label="Member" value={payerName(held)} readOnly />
      )}
      <PlanPeriodsFields
        plans={plans.data}
        plansFailed={plans.isError}
        plan={plan}
        planProps={{ onChange: choosePlan, error: fieldErrors.subscription_type_id }}
        periods={periods}
        periodsProps={{ onChange: setPeriods, error: fieldErrors.duration }}
      />
      <Alert color={matches ? 'green' : 'yellow'} variant="light" role="status" aria-live="polite">
        {matches
          ? `${plan!.name} × ${periods} comes to ${formatNaira(expected)}: exactly what was received.`
          : plan && isPeriods(periods)
            ? `${plan.name} × ${periods} comes to ${formatNaira(expected)}, but ${formatNaira(held.amount)} was received. Choose a plan and duration that cost exactly ${formatNaira(held.amount)}.`
            : `Choose a plan and duration that cost exactly ${formatNaira(held.amount)}, the amount received.`}
      </Alert>
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          Back
        </Button>
        <Button onClick={submit} loading={pending} disabled={!ready}>
          Assign payment
        </Button>
      </Group>
    </Stack>
  );
}
