import { ActionIcon, Badge, Group, Menu, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDots, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { formatNaira, type Plan } from '@kora/shared';
import type { MouseEvent } from 'react';
import { STAFF_PLANS_TOOLTIP } from '../api';
import { durationLabel, groupLimitLabel, perUnitPrice, planTypeLabel } from '../plan-format';

interface PlansTableProps {
  plans: Plan[];
  canManage: boolean;
  onView: (plan: Plan) => void;
  onEdit: (plan: Plan) => void;
  onDelete: (plan: Plan) => void;
}

const stop = (fn: () => void) => (e: MouseEvent) => {
  e.stopPropagation();
  fn();
};

/** The plans table (spec 02 §2); scrolls sideways on a phone. */
export function PlansTable({ plans, canManage, onView, onEdit, onDelete }: PlansTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Plan Name</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plans.map((plan) => (
            <Table.Tr key={plan.id} onClick={() => onView(plan)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                <Stack gap={0}>
                  <Text fw={600}>{plan.name}</Text>
                  <Text size="xs" c="dimmed">
                    {perUnitPrice(plan)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>{formatNaira(plan.amount)}</Table.Td>
              <Table.Td>{durationLabel(plan.duration, plan.duration_type)}</Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{planTypeLabel(plan.is_grouped)}</Text>
                  {plan.is_grouped ? (
                    <Text size="xs" c="dimmed">
                      {groupLimitLabel(plan.group_limit)}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Badge color={plan.is_active ? 'green' : 'gray'} variant="light">
                  {plan.is_active ? 'Active' : 'Inactive'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label="View plan">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`View ${plan.name}`}
                      onClick={stop(() => onView(plan))}
                    >
                      <IconEye size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip
                    label={canManage ? 'Edit plan' : STAFF_PLANS_TOOLTIP}
                    multiline
                    maw={260}
                  >
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit ${plan.name}`}
                      data-disabled={!canManage || undefined}
                      aria-disabled={!canManage || undefined}
                      onClick={stop(() => canManage && onEdit(plan))}
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`More actions for ${plan.name}`}
                        onClick={(e) => e.stopPropagation()}
                      >
                        <IconDots size={18} aria-hidden />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={16} aria-hidden />}
                        disabled={!canManage}
                        onClick={() => onDelete(plan)}
                      >
                        Delete
                      </Menu.Item>
                      {canManage ? null : (
                        <Menu.Label style={{ whiteSpace: 'normal', maxWidth: 240 }}>
                          {STAFF_PLANS_TOOLTIP}
                        </Menu.Label>
                      )}
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
