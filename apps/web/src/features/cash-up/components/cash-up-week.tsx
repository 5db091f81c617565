import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import {
  addDays,
  formatDay,
  formatNaira,
  lagosDay,
  weekStart,
  type CashUpWeek,
} from '@kora/shared';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { PageLoader } from '@/components/page-loader';
import { useCashUpWeek } from '../api';
import { CASH_UP_TEXTS } from '../cash-up-format';
import { DifferenceBadge } from './difference-badge';

type PersonWeek = CashUpWeek['people'][number];
type PersonDay = PersonWeek['days'][number];

/** "Mon 23 Nov" for a calendar day. */
const dayHeader = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/** One person's day: what they counted and its difference, or a dash without a cash-up. */
function DayCell({ day }: { day: PersonDay | undefined }) {
  if (!day || day.count === 0)
    return (
      <Text size="sm" c="dimmed" aria-label="No cash-up">
        —
      </Text>
    );
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatNaira(day.counted)}
      </Text>
      <DifferenceBadge difference={day.difference} />
    </Stack>
  );
}

/**
 * The week's cash-ups, Monday to Sunday (Lagos days): a row per person, what they counted each
 * day with its difference, and the week's difference; Previous and Next move a week at a time
 * (not past the current week).
 */
export function CashUpWeekView() {
  const thisWeek = weekStart(lagosDay());
  const [start, setStart] = useState(thisWeek);
  const week = useCashUpWeek(start);

  const table = () => {
    if (week.isPending) return <PageLoader minHeight={160} />;
    if (week.isError || !week.data)
      return (
        <LoadError
          message={CASH_UP_TEXTS.weekFailed}
          error={week.error}
          onRetry={() => void week.refetch()}
        />
      );
    const { days, people } = week.data;
    if (people.length === 0)
      return (
        <Text size="sm" c="dimmed">
          {CASH_UP_TEXTS.weekNone}
        </Text>
      );
    return (
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" aria-label="Cash-ups of the week">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Person</Table.Th>
              {days.map((day) => (
                <Table.Th key={day}>{dayHeader(day)}</Table.Th>
              ))}
              <Table.Th>Week</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {people.map((person) => {
              const byDay = new Map(person.days.map((d) => [d.day, d]));
              const counted = person.days.filter((d) => d.count > 0);
              const difference = counted.reduce((sum, d) => sum + d.difference, 0);
              return (
                <Table.Tr key={person.user_id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {person.name}
                    </Text>
                  </Table.Td>
                  {days.map((day) => (
                    <Table.Td key={day}>
                      <DayCell day={byDay.get(day)} />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    {counted.length > 0 ? <DifferenceBadge difference={difference} /> : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" gap="sm" mb="md" wrap="wrap">
        <div>
          <Title order={3} fz="h5">
            {CASH_UP_TEXTS.weekTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {formatDay(start)} – {formatDay(addDays(start, 6))}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconChevronLeft size={14} aria-hidden />}
            onClick={() => setStart(addDays(start, -7))}
          >
            Previous week
          </Button>
          <Button
            variant="default"
            size="compact-sm"
            rightSection={<IconChevronRight size={14} aria-hidden />}
            onClick={() => setStart(addDays(start, 7))}
            disabled={start >= thisWeek}
          >
            Next week
          </Button>
        </Group>
      </Group>
      {table()}
    </Card>
  );
}
