import { Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { rowProps, type CardPlace, type Column } from './data-table-columns';

interface DataTableCardsProps<T> {
  rows: T[];
  columns: Column<T>[];
  onRowClick?: (row: T) => void;
  isMuted?: (row: T) => boolean;
  isStruck?: (row: T) => boolean;
}

const placeOf = <T,>(column: Column<T>, index: number): CardPlace =>
  column.card ?? (index === 0 ? 'title' : column.alignRight ? 'actions' : 'field');

/**
 * The rows of a DataTable on a phone: one card per row. The title and corner columns lead, the
 * fields follow two to a line under their headers, and the actions sit at the bottom right, so
 * every column is reachable without scrolling sideways. A card opens its row like a table row.
 */
export function DataTableCards<T extends { id: number }>(props: DataTableCardsProps<T>) {
  const { rows, columns, onRowClick, isMuted, isStruck } = props;
  const placed = columns.map((column, i) => ({ column, place: placeOf(column, i) }));
  const at = (place: CardPlace) => placed.filter((p) => p.place === place).map((p) => p.column);
  const [titles, corners, fields, actions] = [
    at('title'),
    at('corner'),
    at('field'),
    at('actions'),
  ];

  return (
    <Stack gap="xs" p="md">
      {rows.map((row) => (
        <Paper
          key={row.id}
          withBorder
          radius="md"
          p="sm"
          {...rowProps({
            muted: isMuted?.(row),
            struck: isStruck?.(row),
            onClick: onRowClick ? () => onRowClick(row) : undefined,
          })}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Box style={{ minWidth: 0 }}>
              {titles.map((c) => (
                <Box key={c.header}>{c.cell(row)}</Box>
              ))}
            </Box>
            {corners.length ? (
              <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                {corners.map((c) => (
                  <Box key={c.header}>{c.cell(row)}</Box>
                ))}
              </Group>
            ) : null}
          </Group>
          {fields.length ? (
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} mt="xs">
              {fields.map((c) => (
                <Box key={c.header} style={{ minWidth: 0 }}>
                  <Text size="xs" c="dimmed">
                    {c.header}
                  </Text>
                  <Box fz="sm">{c.cell(row)}</Box>
                </Box>
              ))}
            </SimpleGrid>
          ) : null}
          {actions.length ? (
            <Group justify="flex-end" gap={4} mt="xs">
              {actions.map((c) => (
                <Box key={c.header}>{c.cell(row)}</Box>
              ))}
            </Group>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}
