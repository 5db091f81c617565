import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import {
  IconUserCheck,
  IconUserOff,
  IconUserPlus,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useMemberSummary } from '../api';

const CARDS: {
  key: 'total' | 'active' | 'new_this_month' | 'churned';
  label: string;
  hint: string;
  icon: Icon;
  color: string;
}[] = [
  { key: 'total', label: 'Total', hint: 'All members', icon: IconUsers, color: 'kora' },
  {
    key: 'active',
    label: 'Active',
    hint: 'Accounts not deactivated',
    icon: IconUserCheck,
    color: 'green',
  },
  {
    key: 'new_this_month',
    label: 'New',
    hint: 'Joined this month',
    icon: IconUserPlus,
    color: 'blue',
  },
  {
    key: 'churned',
    label: 'Churned',
    hint: 'Deactivated accounts',
    icon: IconUserOff,
    color: 'red',
  },
];

/** The members summary cards, from GET /v1/member/summary. */
export function MemberStats() {
  const summary = useMemberSummary();
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }} mb="md">
      {CARDS.map(({ key, label, hint, icon: CardIcon, color }) => (
        <Card key={key} withBorder radius="lg" padding="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {label}
              </Text>
              {summary.data ? (
                <Text
                  fz={{ base: 22, sm: 26 }}
                  fw={800}
                  lh={1.2}
                  mt={4}
                  aria-label={`${label}: ${summary.data[key]}`}
                >
                  {summary.data[key].toLocaleString('en-NG')}
                </Text>
              ) : (
                <Skeleton height={26} width={48} mt={6} visible={summary.isLoading}>
                  <Text fz={22} fw={800}>
                    —
                  </Text>
                </Skeleton>
              )}
            </div>
            <ThemeIcon size={36} radius="md" variant="light" color={color} visibleFrom="xs">
              <CardIcon size={20} aria-hidden />
            </ThemeIcon>
          </Group>
          <Text size="xs" c="dimmed" mt={6}>
            {hint}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
