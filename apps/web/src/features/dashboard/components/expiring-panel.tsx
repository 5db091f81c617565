import { Anchor, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendarDue, IconLink } from '@tabler/icons-react';
import {
  DASHBOARD_EXPIRING_DAYS,
  formatDay,
  type Dashboard,
  type ExpiringSubscription,
} from '@kora/shared';
import { Link } from 'react-router';
import { Can } from '@/components/can';
import { MemberAvatar } from '@/components/person-avatar';
import { fullName } from '@/lib/format';
import { endsIn, formatCount } from '../dashboard-format';
import { Panel, PanelRow } from './panel';

const urgency = (daysLeft: number) => (daysLeft <= 0 ? 'red' : daysLeft <= 2 ? 'orange' : 'yellow');

interface ExpiringRowProps {
  sub: ExpiringSubscription;
  onRenew: () => void;
  onSendLink?: () => void;
}

function ExpiringRow({ sub, onRenew, onSendLink }: ExpiringRowProps) {
  const name = fullName(sub.member.first_name, sub.member.last_name);
  return (
    <PanelRow>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }} align="flex-start">
          <MemberAvatar member={sub.member} size={36} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/members/${sub.member.id}`} size="sm" fw={600}>
              {name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {sub.member.member_id} · {sub.plan.name}
            </Text>
            <Group gap={6} wrap="wrap">
              <Text size="xs">{formatDay(sub.expiry_date)}</Text>
              <Badge size="sm" variant="light" color={urgency(sub.days_left)}>
                {endsIn(sub.days_left)}
              </Badge>
            </Group>
          </Stack>
        </Group>
        <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
          <Can action="payments.record">
            <Button
              size="compact-sm"
              variant="light"
              onClick={onRenew}
              aria-label={`Renew ${name}`}
            >
              Renew
            </Button>
          </Can>
          {onSendLink ? (
            <Can action="payments.record">
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconLink size={14} aria-hidden />}
                onClick={onSendLink}
                aria-label={`Send link to ${name}`}
                title="Send a payment link"
              >
                Send link
              </Button>
            </Can>
          ) : null}
        </Stack>
      </Group>
    </PanelRow>
  );
}

interface ExpiringPanelProps {
  data: Dashboard;
  /** Renew: Record Payment for that member. */
  onRenew: (memberId: number) => void;
  /** Send payment link to that member, for their plan (only while Paystack is connected). */
  onSendLink?: (memberId: number, planId: number) => void;
}

/** Subscriptions ending today or in the next 7 days whose member has not renewed, soonest first. */
export function ExpiringPanel({ data, onRenew, onSendLink }: ExpiringPanelProps) {
  const { total, data: rows } = data.expiring;
  return (
    <Panel
      title={`Expiring in the next ${DASHBOARD_EXPIRING_DAYS} days`}
      icon={IconCalendarDue}
      aside={
        <Badge variant="light" color={total ? 'orange' : 'gray'}>
          {formatCount(total)}
        </Badge>
      }
    >
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No subscription ends in the next {DASHBOARD_EXPIRING_DAYS} days.
        </Text>
      ) : (
        <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((sub) => (
            <ExpiringRow
              key={sub.subscription_id}
              sub={sub}
              onRenew={() => onRenew(sub.member.id)}
              onSendLink={onSendLink ? () => onSendLink(sub.member.id, sub.plan.id) : undefined}
            />
          ))}
        </Box>
      )}
      {total > rows.length ? (
        <Group justify="space-between" gap="xs" pt="sm" mt={4}>
          <Text size="xs" c="dimmed">
            Showing {rows.length} of {formatCount(total)}
          </Text>
          <Anchor component={Link} to="/subscriptions" size="sm" fw={600}>
            View all subscriptions
          </Anchor>
        </Group>
      ) : null}
    </Panel>
  );
}
