import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Column } from './data-table-columns';

interface RowActionProps {
  /** The tooltip: what the action does, or why it is not allowed. */
  tooltip: string;
  /** The button's accessible name, e.g. "Edit Monthly". */
  label: string;
  icon: Icon;
  onClick: () => void;
  /** Shown but not allowed: marked disabled (the tooltip still explains) and does nothing. */
  disabled?: boolean;
}

/** An icon button in a table row's actions; its click does not also open the row. */
export function RowAction({
  tooltip,
  label,
  icon: ActionGlyph,
  onClick,
  disabled,
}: RowActionProps) {
  return (
    <Tooltip label={tooltip} multiline maw={260}>
      <ActionIcon
        variant="subtle"
        aria-label={label}
        data-disabled={disabled || undefined}
        aria-disabled={disabled || undefined}
        onClick={(e) => {
          e.stopPropagation();
          if (!disabled) onClick();
        }}
      >
        <ActionGlyph size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** A table's actions column: a row's action buttons side by side at its right end. */
export const actionsColumn = <T,>(actions: (row: T) => ReactNode): Column<T> => ({
  header: 'Actions',
  alignRight: true,
  cell: (row) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {actions(row)}
    </Group>
  ),
});
