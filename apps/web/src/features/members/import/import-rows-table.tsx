import { Stack, Table, Text } from '@mantine/core';
import { IMPORT_OUTCOME_LABELS, formatDay, type ImportOutcome, type ImportRow } from '@kora/shared';
import { StateBadge } from '@/components/state-badge';
import { formatPhone } from '@/lib/format';

const OUTCOME_COLORS: Record<ImportOutcome, string> = {
  create: 'green',
  update: 'blue',
  skip: 'orange',
  refuse: 'red',
};

/**
 * A row's result: its badge, the member it matches (unless a problem already names them), its
 * problems (red when refused) and what it is imported without (a plan with no expiry date).
 */
function RowResult({ row }: { row: ImportRow }) {
  return (
    <Stack gap={2} align="flex-start">
      <StateBadge color={OUTCOME_COLORS[row.outcome]} label={IMPORT_OUTCOME_LABELS[row.outcome]} />
      {row.existing_member && !row.problems.some((p) => p.includes(row.existing_member!)) ? (
        <Text size="xs" c="dimmed">
          Matches {row.existing_member}
        </Text>
      ) : null}
      {row.problems.map((problem) => (
        <Text key={problem} size="xs" c={row.outcome === 'refuse' ? 'red.7' : 'orange.8'}>
          {problem}
        </Text>
      ))}
      {row.warnings.map((warning) => (
        <Text key={warning} size="xs" c="orange.8">
          {warning}
        </Text>
      ))}
    </Stack>
  );
}

/** Rows as they will be (or were) imported; scrolls sideways on a phone. */
export function ImportRowsTable({ rows, caption }: { rows: ImportRow[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" striped highlightOnHover aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.row}>
              <Table.Td>{row.row}</Table.Td>
              <Table.Td>
                {[row.first_name, row.last_name].filter(Boolean).join(' ') || '—'}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {row.mobile_number ? formatPhone(row.mobile_number) : '—'}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email_address || '—'}</Table.Td>
              <Table.Td>{row.plan ?? '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {row.expiry_date ? formatDay(row.expiry_date) : '—'}
              </Table.Td>
              <Table.Td>
                <RowResult row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
