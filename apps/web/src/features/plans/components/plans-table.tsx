import { ActionIcon, Badge, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import {
  durationLabel,
  formatNaira,
  groupLimitLabel,
  perUnitPrice,
  type Plan,
  planTypeLabel,
} from '@kora/shared';
import { DataTable, type Column } from '@/components/data-table';
import { RowAction, actionsColumn } from '@/components/row-action';
import { STAFF_PLANS_TOOLTIP } from '../api';

interface PlansTableProps {
  plans: Plan[];
  canManage: boolean;
  onView: (plan: Plan) => void;
  onEdit: (plan: Plan) => void;
  onDelete: (plan: Plan) => void;
}

/** The plans table; on a phone one card per plan, its actions at the card's foot. */
export function PlansTable({ plans, canManage, onView, onEdit, onDelete }: PlansTableProps) {
  const columns: Column<Plan>[] = [
    {
      header: 'Plan Name',
      cell: (plan) => (
        <Stack gap={0}>
          <Text fw={600}>{plan.name}</Text>
          <Text size="xs" c="dimmed">
            {perUnitPrice(plan)}
          </Text>
        </Stack>
      ),
    },
    { header: 'Amount', cell: (plan) => formatNaira(plan.amount) },
    { header: 'Duration', cell: (plan) => durationLabel(plan.duration, plan.duration_type) },
    {
      header: 'Type',
      cell: (plan) => (
        <Stack gap={0}>
          <Text size="sm">{planTypeLabel(plan.is_grouped)}</Text>
          {plan.is_grouped ? (
            <Text size="xs" c="dimmed">
              {groupLimitLabel(plan.group_limit)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      header: 'Status',
      card: 'corner',
      cell: (plan) => (
        <Badge color={plan.is_active ? 'green' : 'gray'} variant="light">
          {plan.is_active ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    actionsColumn((plan) => (
      <>
        <RowAction
          tooltip="View plan"
          label={`View ${plan.name}`}
          icon={IconEye}
          onClick={() => onView(plan)}
        />
        <RowAction
          tooltip={canManage ? 'Edit plan' : STAFF_PLANS_TOOLTIP}
          label={`Edit ${plan.name}`}
          icon={IconPencil}
          disabled={!canManage}
          onClick={() => onEdit(plan)}
        />
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
      </>
    )),
  ];
  return <DataTable rows={plans} columns={columns} minWidth={760} onRowClick={onView} />;
}
