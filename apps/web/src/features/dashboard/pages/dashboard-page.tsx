import { SimpleGrid, Stack } from '@mantine/core';
import {
  IconActivity,
  IconCalendarStats,
  IconChartLine,
  IconChartPie,
  IconCash,
  IconCreditCard,
  IconId,
  IconPercentage,
  IconRefresh,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { PlaceholderPanel } from '../components/placeholder-panel';
import { StatCard } from '../components/stat-card';

const STATS = [
  { label: 'Total Members', icon: IconUsers },
  { label: 'Active Subscriptions', icon: IconId },
  { label: 'Monthly Revenue', icon: IconCash },
  { label: 'Retention Rate', icon: IconPercentage },
];

const PANELS = [
  { title: 'Revenue Trend', icon: IconChartLine, text: 'Your revenue month by month.' },
  { title: 'Membership Growth', icon: IconUsersGroup, text: 'New members joining each month.' },
  { title: 'Subscription Plans', icon: IconChartPie, text: 'Revenue and members by plan.' },
  {
    title: 'Subscription Lifecycle',
    icon: IconRefresh,
    text: 'Active, expiring and expired subscriptions.',
  },
  { title: 'YTD Revenue', icon: IconCalendarStats, text: 'Revenue so far this year.' },
  { title: 'Recent Activity', icon: IconActivity, text: 'The latest payments and sign-ups.' },
  { title: 'Payment Methods', icon: IconCreditCard, text: 'Cash, card and transfer at a glance.' },
];

export function DashboardPage() {
  usePageTitle('Dashboard');
  const { user } = useSession();
  return (
    <Stack gap="lg">
      <PageHeader
        title="Dashboard"
        description={`Welcome back${user?.firstName ? `, ${user.firstName}` : ''}. Here is an overview of your gym.`}
      />
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        {STATS.map((s) => (
          <StatCard key={s.label} label={s.label} value="—" hint="Available soon" icon={s.icon} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {PANELS.map((p) => (
          <PlaceholderPanel key={p.title} title={p.title} description={p.text} icon={p.icon} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
