import { Anchor, Badge, Box, Group, Progress, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCircleDashed, IconRocket } from '@tabler/icons-react';
import type { GettingStarted } from '@kora/shared';
import { Link } from 'react-router';
import { Panel } from './panel';

/** The first steps of a new business, in the order they are usually taken. */
const GETTING_STARTED_STEPS: { key: keyof GettingStarted; label: string; to: string }[] = [
  { key: 'plan', label: 'Create a subscription plan', to: '/subscription-plans/add' },
  { key: 'member', label: 'Add your first member', to: '/members/add' },
  // The payments page opens Record Payment at once.
  { key: 'payment', label: 'Record a payment', to: '/payments?record=1' },
  { key: 'team', label: 'Invite a team member', to: '/users' },
  { key: 'message', label: 'Send a message', to: '/communications/create' },
];

/**
 * A new business's checklist (shown until its first payment, in place of charts that would be
 * empty): each step done is ticked, the others link to where it is done.
 */
export function GettingStartedCard({ done }: { done: GettingStarted }) {
  const count = GETTING_STARTED_STEPS.filter((s) => done[s.key]).length;
  const total = GETTING_STARTED_STEPS.length;
  const progress = `${count} of ${total} done`;
  return (
    <Panel
      title="Get started"
      icon={IconRocket}
      aside={
        <Text size="sm" fw={600} c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {progress}
        </Text>
      }
    >
      <Text size="sm" c="dimmed" mb="sm">
        A few steps to set up your gym. Your charts appear here once you record your first payment.
      </Text>
      <Progress value={(count / total) * 100} aria-label={`Getting started: ${progress}`} mb="md" />
      <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {GETTING_STARTED_STEPS.map((step) => {
          const isDone = done[step.key];
          return (
            <Box component="li" key={step.key} py={8}>
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon
                  size={26}
                  radius="xl"
                  variant={isDone ? 'filled' : 'light'}
                  color={isDone ? 'teal' : 'gray'}
                >
                  {isDone ? (
                    <IconCheck size={16} aria-hidden />
                  ) : (
                    <IconCircleDashed size={16} aria-hidden />
                  )}
                </ThemeIcon>
                {isDone ? (
                  <Group gap="xs" wrap="wrap" style={{ flex: 1 }}>
                    <Text size="sm" c="dimmed" td="line-through">
                      {step.label}
                    </Text>
                    <Badge size="sm" variant="light" color="teal">
                      Done
                    </Badge>
                  </Group>
                ) : (
                  <Anchor component={Link} to={step.to} size="sm" fw={600}>
                    {step.label}
                  </Anchor>
                )}
              </Group>
            </Box>
          );
        })}
      </Box>
    </Panel>
  );
}
