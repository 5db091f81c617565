import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { CHECK_IN_MESSAGES, formatNaira } from '@kora/shared';
import { Link } from 'react-router';
import type { DayPassPlanState } from '../api';

const DAY_PASS_TEXTS = {
  price: 'Price',
  noPlans: 'No day-pass plan yet',
  addPlan:
    'To sell day passes, add an active plan of 1 day (for one person) in Plans, then choose it in Settings.',
  openPlans: 'Open Plans to add a plan of 1 day',
  openSettings: 'Open Settings to choose the day-pass plan',
  askChoose: 'Ask the owner or an admin to choose it in Settings.',
  askAdd: 'Ask the owner or an admin to add one.',
} as const;

/**
 * What the walk-in pays, before anything is typed; or, when there is no day-pass plan to sell,
 * why not and (for owners and admins) where to set it up. Nothing while it is not known.
 */
export function DayPassPlanNote({
  dayPass,
  mayManage,
}: {
  dayPass: DayPassPlanState;
  mayManage: boolean;
}) {
  if (dayPass.state === 'unknown') return null;
  if (dayPass.state === 'plan')
    return (
      <Text size="sm">
        {DAY_PASS_TEXTS.price}: <strong>{formatNaira(dayPass.plan.amount)}</strong> (
        {dayPass.plan.name}, 1 day)
      </Text>
    );
  const chooseOnly = dayPass.dayPlans;
  return (
    <Alert
      color="yellow"
      title={chooseOnly ? CHECK_IN_MESSAGES.noDayPassPlan : DAY_PASS_TEXTS.noPlans}
    >
      <Stack gap={4}>
        {chooseOnly ? null : <Text size="sm">{DAY_PASS_TEXTS.addPlan}</Text>}
        {mayManage ? (
          <Anchor
            component={Link}
            to={chooseOnly ? '/settings?tab=desk' : '/subscription-plans'}
            size="sm"
          >
            {chooseOnly ? DAY_PASS_TEXTS.openSettings : DAY_PASS_TEXTS.openPlans}
          </Anchor>
        ) : (
          <Text size="sm">{chooseOnly ? DAY_PASS_TEXTS.askChoose : DAY_PASS_TEXTS.askAdd}</Text>
        )}
      </Stack>
    </Alert>
  );
}
