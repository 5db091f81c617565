import { Alert, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconSnowflake } from '@tabler/icons-react';
import { formatNaira, frozenUntilText, lagosDay, type Freeze, type Member } from '@kora/shared';
import { useState } from 'react';
import { ErrorAlert } from '@/components/form-alerts';
import { StateBadge } from '@/components/state-badge';
import { useMemberFreezes } from '../api';
import { FREEZE_BADGES, FREEZE_TEXTS, freezeSpan } from '../freeze-format';
import { useFreezeDecide } from '../use-freeze-decide';
import { FeeApproval } from './fee-approval';
import { FreezeDialog } from './freeze-dialog';

type Decision = 'end' | 'approve' | 'decline';

/** The buttons a freeze's row offers: end (or cancel) a running or coming one, decide a request. */
const actionsOf = (f: Freeze, today: string): { action: Decision; label: string }[] => {
  if (f.status === 'requested')
    return [
      { action: 'approve', label: 'Approve' },
      { action: 'decline', label: 'Decline' },
    ];
  if ((f.status === 'approved' || f.status === 'ended') && f.end_date >= today)
    return [{ action: 'end', label: f.start_date > today ? 'Cancel freeze' : 'End freeze' }];
  return [];
};

/**
 * A member's freezes on their details page: "Frozen until …" while a freeze runs, with End
 * freeze (the member is back today: the days not used come off their subscription again); the
 * history with each freeze's days and state; Approve or Decline for a request from their page;
 * and Freeze, which opens the Freeze dialog.
 */
/** "Fee ₦2,500 · Cash · receipt IRON-000123": the freeze fee's payment. */
const feeLine = (f: Freeze) =>
  [
    f.fee != null ? `Fee ${formatNaira(f.fee)}` : 'Fee',
    f.fee_method ?? null,
    `receipt ${f.fee_receipt_number}`,
  ]
    .filter(Boolean)
    .join(' · ');

export function MemberFreezesCard({ member }: { member: Member }) {
  const freezes = useMemberFreezes(member.id);
  const { decide, act, feeApproval } = useFreezeDecide(() => member.id);
  const [dialog, setDialog] = useState(false);
  const today = lagosDay();
  const list = freezes.data?.freezes ?? [];
  const running = list.find(
    (f) =>
      (f.status === 'approved' || f.status === 'ended') &&
      f.start_date <= today &&
      today <= f.end_date,
  );

  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="xs">
        <Title order={3} fz="h5">
          Freezes
        </Title>
        <Button
          variant="light"
          leftSection={<IconSnowflake size={16} />}
          onClick={() => setDialog(true)}
          disabled={!member.is_active}
        >
          Freeze
        </Button>
      </Group>
      <Stack gap="sm">
        {member.frozen_until ? (
          <Alert
            color="blue"
            icon={<IconSnowflake size={18} />}
            title={frozenUntilText(member.frozen_until, today)}
          >
            <Group justify="space-between" align="center">
              <Text size="sm">Check-ins are refused until the freeze is over.</Text>
              {running ? (
                <Button size="xs" onClick={() => act(running, 'end')} loading={decide.isPending}>
                  End freeze
                </Button>
              ) : null}
            </Group>
          </Alert>
        ) : null}
        <ErrorAlert error={decide.error} fallback={FREEZE_TEXTS.decisionFailed} />
        {freezes.isLoading ? (
          <Loader size="sm" />
        ) : freezes.isError ? (
          <ErrorAlert error={freezes.error} fallback={FREEZE_TEXTS.listFailed} />
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {FREEZE_TEXTS.none}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Days</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((f) => (
                  <Table.Tr key={f.id}>
                    <Table.Td>
                      <Text size="sm">{freezeSpan(f)}</Text>
                      <Text size="xs" c="dimmed">
                        {f.requested_by === 'member' ? 'Asked by the member' : 'By staff'}
                        {f.decided_by ? ` · ${f.decided_by}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StateBadge {...FREEZE_BADGES[f.status]} />
                      {f.fee_receipt_number ? (
                        // The fee is a payment of the member: its receipt finds it in Payments.
                        <Text size="xs" c="dimmed" mt={4}>
                          {feeLine(f)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{f.reason ?? ''}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {actionsOf(f, today).map(({ action, label }) => (
                          <Button
                            key={action}
                            size="xs"
                            variant={action === 'decline' ? 'default' : 'light'}
                            disabled={decide.isPending}
                            onClick={() => act(f, action)}
                          >
                            {label}
                          </Button>
                        ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <FreezeDialog member={member} opened={dialog} onClose={() => setDialog(false)} />
      <FeeApproval {...feeApproval} />
    </Card>
  );
}
